import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatShortDateTime } from '../../../shared/formats.ts';
import { EMAIL_INVITATION_PARAM, INVITE_LINK_PARAM } from '../../../shared/inviteLink.ts';
import type { EmailInvitationPreview, InviteLinkPreview, JoinedTeam } from '../../../shared/schemas/invitations.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { useLoginMutation, useRegisterMutation } from '../../kit/session/sessionApi.ts';
import { useSession } from '../../kit/session/useSession.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { useTokenFromAddress } from '../../kit/useTokenFromAddress.ts';
import { useAcceptEmailInvitationMutation, useGetEmailInvitationPreviewQuery, useGetInviteLinkPreviewQuery, useJoinByInviteLinkMutation } from './teamInvitationsApi.ts';
import './JoinTeamPage.css';

type Invite = { kind: 'link'; token: string } | { kind: 'email'; token: string };

/**
 * /equipe?convite=<token> (a team's link) or ?convite-email=<token> (a personal e-mail invitation), docs/product.md §13:
 * the page says what the invitation grants, or in pt-BR why it no longer works; nothing happens until the person
 * acts — signed out, they create their account (or sign in) and join in one step; signed in, "Entrar na equipe".
 */
export function JoinTeamPage() {
  // Out of the address as soon as read (kit/useTokenFromAddress): a link stays usable until its limit, so it must not
  // stay in the history of a shared church computer.
  const [link] = useTokenFromAddress(INVITE_LINK_PARAM);
  const [email] = useTokenFromAddress(EMAIL_INVITATION_PARAM);
  const invite: Invite | null = link ? { kind: 'link', token: link } : email ? { kind: 'email', token: email } : null;
  return (
    <div className="join-team">
      {invite ? (
        <InvitePreview invite={invite} />
      ) : (
        <>
          <h1 className="join-team__title">Convite para uma equipe</h1>
          <p>Este endereço não traz um convite. Peça o link à liderança da sua equipe.</p>
        </>
      )}
    </div>
  );
}

function InvitePreview({ invite }: { invite: Invite }) {
  const linkPreview = useGetInviteLinkPreviewQuery(invite.token, { skip: invite.kind !== 'link' });
  const emailPreview = useGetEmailInvitationPreviewQuery(invite.token, { skip: invite.kind !== 'email' });
  const preview = invite.kind === 'link' ? linkPreview : emailPreview;
  const [joined, setJoined] = useState<JoinedTeam | null>(null);

  if (preview.isLoading) return <p>Carregando o convite…</p>;
  if (preview.isError || !preview.data) {
    return (
      <>
        <h1 className="join-team__title">Convite indisponível</h1>
        <p role="alert">{portalErrorOf(preview.error, 'Não foi possível abrir o convite. Tente novamente.').message}</p>
        <p>
          <Link to="/">Ir para o início</Link>
        </p>
      </>
    );
  }
  const data: InviteLinkPreview | EmailInvitationPreview = preview.data;
  const teamName = `${data.department.name} · ${data.church.name}`;
  if (joined) return <Joined teamName={teamName} joined={joined} />;
  return (
    <>
      <h1 className="join-team__title">Convite para a equipe {teamName}</h1>
      <TeamFacts preview={data} />
      <JoinActions invite={invite} preview={data} onJoined={setJoined} />
    </>
  );
}

function TeamFacts({ preview }: { preview: InviteLinkPreview | EmailInvitationPreview }) {
  const { timeZone } = usePublicConfig();
  return (
    <dl className="join-team__facts">
      <div>
        <dt>Igreja</dt>
        <dd>{preview.church.name}</dd>
      </div>
      <div>
        <dt>Departamento</dt>
        <dd>{preview.department.name}</dd>
      </div>
      <div>
        <dt>Funções</dt>
        <dd>{preview.positions.length > 0 ? preview.positions.map((position) => position.name).join(', ') : 'A liderança define depois.'}</dd>
      </div>
      {'email' in preview ? (
        <div>
          <dt>Convite para</dt>
          <dd>{preview.email}</dd>
        </div>
      ) : null}
      <div>
        <dt>Válido até</dt>
        <dd>{formatShortDateTime(preview.expires_at, timeZone)}</dd>
      </div>
    </dl>
  );
}

function Joined({ teamName, joined }: { teamName: string; joined: JoinedTeam }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h1 className="join-team__title" ref={heading} tabIndex={-1}>
        Você faz parte da equipe {teamName}
      </h1>
      <p role="status">
        Pronto! {joined.positions.length > 0 ? `Suas funções: ${joined.positions.map((position) => position.name).join(', ')}.` : 'A liderança vai definir suas funções.'}
      </p>
      <p>
        <Link to="/events">Ver os eventos</Link>
      </p>
    </>
  );
}

interface JoinActionsProps {
  invite: Invite;
  preview: InviteLinkPreview | EmailInvitationPreview;
  onJoined: (joined: JoinedTeam) => void;
}

/** Signed in: one button. Signed out: create the account (or sign in), then join, in one step. */
function JoinActions({ invite, preview, onJoined }: JoinActionsProps) {
  const session = useSession();
  const team = { churchId: preview.church.id, departmentId: preview.department.id };
  const [joinByLink, linkJoin] = useJoinByInviteLinkMutation();
  const [acceptInvitation, acceptance] = useAcceptEmailInvitationMutation();
  const [error, setError] = useState<string | null>(null);
  const invitedEmail = 'email' in preview ? preview.email : null;

  const join = async (): Promise<boolean> => {
    setError(null);
    const result = invite.kind === 'link' ? await joinByLink({ token: invite.token, team }) : await acceptInvitation({ token: invite.token, team });
    if (result.error) {
      setError(portalErrorOf(result.error, 'Não foi possível entrar na equipe. Tente novamente.').message);
      return false;
    }
    onJoined(result.data);
    return true;
  };

  if (session.status === 'loading') return <p>Carregando…</p>;
  if (session.status === 'signedIn') {
    const busy = linkJoin.isLoading || acceptance.isLoading;
    return (
      <div className="join-team__actions">
        <p>
          Você entrou como {session.user.name} ({session.user.email}).
          {invitedEmail && invitedEmail !== session.user.email.toLowerCase() ? ` Este convite é para ${invitedEmail}: entre com essa conta para aceitá-lo.` : ''}
        </p>
        {error ? <p role="alert" className="join-team__error">{error}</p> : null}
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void join()}>
          {busy ? <Spinner /> : null}
          Entrar na equipe
        </button>
      </div>
    );
  }
  return <SignedOutJoin invite={invite} preview={preview} invitedEmail={invitedEmail} startWithSignIn={'has_account' in preview && preview.has_account} onJoined={onJoined} join={join} joinError={error} />;
}

interface SignedOutJoinProps {
  invite: Invite;
  preview: InviteLinkPreview | EmailInvitationPreview;
  invitedEmail: string | null;
  startWithSignIn: boolean;
  onJoined: (joined: JoinedTeam) => void;
  /** Joins once signed in; false when the API refused (its message is `joinError`). */
  join: () => Promise<boolean>;
  joinError: string | null;
}

function SignedOutJoin({ invite, preview, invitedEmail, startWithSignIn, onJoined, join, joinError }: SignedOutJoinProps) {
  const id = useId();
  const [mode, setMode] = useState<'register' | 'signIn'>(startWithSignIn ? 'signIn' : 'register');
  const [register, registration] = useRegisterMutation();
  const [login, signingIn] = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const busy = registration.isLoading || signingIn.isLoading;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const data = new FormData(event.currentTarget);
    const email = invitedEmail ?? String(data.get('email') ?? '');
    const password = String(data.get('password') ?? '');
    if (mode === 'register') {
      const name = String(data.get('name') ?? '');
      const result = await register({ name, email, password, ...(invite.kind === 'link' ? { invite: invite.token } : { invitation: invite.token }) });
      if (result.error) return setError(portalErrorOf(result.error, 'Não foi possível criar a conta. Tente novamente.').message);
      // The account was made on the team with what the invitation grants (the API answers the user only).
      onJoined({ church_id: preview.church.id, department_id: preview.department.id, positions: preview.positions });
      return;
    }
    const result = await login({ email, password });
    if (result.error) return setError(portalErrorOf(result.error, 'Não foi possível entrar. Tente novamente.').message);
    await join();
  };

  return (
    <div className="join-team__actions">
      <div className="join-team__modes" role="group" aria-label="Como continuar">
        <button type="button" className="button button--secondary" aria-pressed={mode === 'register'} onClick={() => setMode('register')}>
          Criar conta
        </button>
        <button type="button" className="button button--secondary" aria-pressed={mode === 'signIn'} onClick={() => setMode('signIn')}>
          Já tenho conta
        </button>
      </div>
      <form className="join-team__form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
        <h2 id={`${id}-title`} className="join-team__subtitle">
          {mode === 'register' ? 'Crie sua conta e entre na equipe' : 'Entre na sua conta e na equipe'}
        </h2>
        {mode === 'register' ? <TextField id={`${id}-name`} name="name" label="Nome" autoComplete="name" required maxLength={100} /> : null}
        {invitedEmail ? (
          <TextField id={`${id}-email`} name="email" label="E-mail" type="email" value={invitedEmail} readOnly hint="O convite vale para este e-mail." />
        ) : (
          <TextField id={`${id}-email`} name="email" label="E-mail" type="email" autoComplete="email" required />
        )}
        <TextField
          id={`${id}-password`}
          name="password"
          label="Senha"
          type="password"
          autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
          required
          hint={mode === 'register' ? 'No mínimo 8 caracteres.' : undefined}
        />
        {error ?? joinError ? (
          <p role="alert" className="join-team__error">
            {error ?? joinError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? <Spinner /> : null}
          {mode === 'register' ? 'Criar conta e entrar na equipe' : 'Entrar e participar da equipe'}
        </button>
      </form>
    </div>
  );
}
