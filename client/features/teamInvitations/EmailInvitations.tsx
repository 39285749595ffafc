import { useId, useState, type FormEvent } from 'react';
import { formatShortDateTime } from '../../../shared/formats.ts';
import type { Invitation } from '../../../shared/schemas/invitations.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { parsePeople } from './parsePeople.ts';
import { PositionChoices } from './PositionChoices.tsx';
import type { InvitedTeam } from './TeamInvitations.tsx';
import { useCancelInvitationMutation, useCreateInvitationsMutation, useGetInvitationsQuery, useResendInvitationMutation } from './teamInvitationsApi.ts';

/**
 * "Convites por e-mail": the leader types or pastes names and e-mails; each person gets a personal link that creates
 * their account (or, with an account, adds them once signed in). The list shows each invitation's state, and a
 * pending one can be sent again (once an hour) or cancelled.
 */
export function EmailInvitations({ team }: { team: InvitedTeam }) {
  const id = useId();
  const invitations = useGetInvitationsQuery({ churchId: team.churchId, departmentId: team.departmentId });
  const [announcement, setAnnouncement] = useState('');
  return (
    <section className="team-card" aria-labelledby={id}>
      <h2 id={id} className="team-card__title">
        Convites por e-mail
      </h2>
      <NewInvitations team={team} onSent={setAnnouncement} />
      <p role="status" className="team-form__status">
        {announcement}
      </p>
      <h3 className="team-card__subtitle">Convites enviados</h3>
      {invitations.isLoading ? (
        <p>Carregando os convites…</p>
      ) : invitations.isError ? (
        <p role="alert">{portalErrorOf(invitations.error, 'Não foi possível carregar os convites.').message}</p>
      ) : (invitations.data ?? []).length === 0 ? (
        <p>Nenhum convite enviado ainda.</p>
      ) : (
        <ul className="team-card__list" aria-label="Convites por e-mail da equipe">
          {invitations.data!.map((invitation) => (
            <InvitationItem key={invitation.id} team={team} invitation={invitation} onAnnounce={setAnnouncement} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NewInvitations({ team, onSent }: { team: InvitedTeam; onSent: (message: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [positions, setPositions] = useState<number[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [invite, sending] = useCreateInvitationsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.isLoading) return;
    const parsed = parsePeople(text);
    if (parsed.problems.length > 0 || parsed.people.length === 0) {
      setProblems(parsed.problems.length > 0 ? parsed.problems : ['Informe ao menos uma pessoa: nome e e-mail, uma por linha.']);
      document.getElementById(`${id}-people`)?.focus();
      return;
    }
    setProblems([]);
    const result = await invite({ churchId: team.churchId, departmentId: team.departmentId, invitations: { people: parsed.people, positions } });
    if (result.error) {
      setProblems([portalErrorOf(result.error, 'Não foi possível enviar os convites. Tente novamente.').message]);
      return;
    }
    setText('');
    onSent(result.data.length === 1 ? 'Convite enviado.' : `${result.data.length} convites enviados.`);
  };

  return (
    <form className="team-form" onSubmit={(event) => void submit(event)} aria-label="Novos convites por e-mail" noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-people`}>
          Pessoas (uma por linha: nome e e-mail)
        </label>
        <textarea
          id={`${id}-people`}
          className="field__input team-form__people"
          rows={4}
          value={text}
          placeholder={'Ana Souza, ana@exemplo.com\nBruno Lima, bruno@exemplo.com'}
          aria-describedby={problems.length > 0 ? `${id}-problems` : undefined}
          aria-invalid={problems.length > 0 || undefined}
          onChange={(change) => setText(change.target.value)}
        />
      </div>
      {problems.length > 0 ? (
        <ul id={`${id}-problems`} className="team-form__error" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <PositionChoices departmentId={team.departmentId} value={positions} onChange={setPositions} disabled={sending.isLoading} />
      <button type="submit" className="button button--primary" disabled={sending.isLoading}>
        {sending.isLoading ? <Spinner /> : null}
        Enviar convites
      </button>
    </form>
  );
}

const STATUS_TEXT: Record<Invitation['status'], string> = { pending: 'Pendente', accepted: 'Aceito', cancelled: 'Cancelado' };

function InvitationItem({ team, invitation, onAnnounce }: { team: InvitedTeam; invitation: Invitation; onAnnounce: (message: string) => void }) {
  const { timeZone } = usePublicConfig();
  const key = { churchId: team.churchId, departmentId: team.departmentId, id: invitation.id };
  const [resend, resending] = useResendInvitationMutation();
  const [cancel, cancelling] = useCancelInvitationMutation();
  const [error, setError] = useState<string | null>(null);
  const busy = resending.isLoading || cancelling.isLoading;
  const act = async (action: 'resend' | 'cancel') => {
    setError(null);
    const result = action === 'resend' ? await resend(key) : await cancel(key);
    if (result.error) return setError(portalErrorOf(result.error, 'Não foi possível concluir. Tente novamente.').message);
    onAnnounce(action === 'resend' ? `Convite reenviado para ${invitation.email}.` : `Convite de ${invitation.email} cancelado.`);
  };
  return (
    <li className="team-card__item">
      <span className="team-card__name">
        {invitation.name} · {STATUS_TEXT[invitation.status]}
      </span>
      <span className="team-card__detail">{invitation.email}</span>
      <span className="team-card__detail">
        {invitation.positions.length > 0 ? `${invitation.positions.map((position) => position.name).join(', ')} · ` : ''}
        {invitation.status === 'pending'
          ? `enviado em ${formatShortDateTime(invitation.sent_at, timeZone)}`
          : invitation.closed_at
            ? `${invitation.status === 'accepted' ? 'aceito' : 'cancelado'} em ${formatShortDateTime(invitation.closed_at, timeZone)}`
            : ''}
      </span>
      {invitation.status === 'pending' ? (
        <span className="team-form__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void act('resend')} aria-label={`Reenviar o convite de ${invitation.email}`}>
            Reenviar
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void act('cancel')} aria-label={`Cancelar o convite de ${invitation.email}`}>
            Cancelar convite
          </button>
        </span>
      ) : null}
      {error ? <span role="alert">{error}</span> : null}
    </li>
  );
}
