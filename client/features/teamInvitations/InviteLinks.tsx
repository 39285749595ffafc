import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatShortDateTime } from '../../../shared/formats.ts';
import { INVITE_LINK_DEFAULT_DAYS, INVITE_LINK_MAX_DAYS } from '../../../shared/inviteLink.ts';
import type { CreatedInviteLink, InviteLink } from '../../../shared/schemas/invitations.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { linkStateText, teamLabel, usesText, whatsappShareUrl } from './inviteTexts.ts';
import { PositionChoices } from './PositionChoices.tsx';
import type { InvitedTeam } from './TeamInvitations.tsx';
import { useCreateInviteLinkMutation, useGetInviteLinksQuery, useRevokeInviteLinkMutation } from './teamInvitationsApi.ts';

/**
 * "Links de convite": the leader makes a link with the positions it grants, its validity and an optional use limit,
 * copies it or shares it on WhatsApp (its address exists only in this answer), and sees each link's state and who
 * joined through it; an active link can be cancelled.
 */
export function InviteLinks({ team }: { team: InvitedTeam }) {
  const id = useId();
  const key = { churchId: team.churchId, departmentId: team.departmentId };
  const links = useGetInviteLinksQuery(key);
  const [created, setCreated] = useState<CreatedInviteLink | null>(null);
  return (
    <section className="team-card" aria-labelledby={id}>
      <h2 id={id} className="team-card__title">
        Links de convite
      </h2>
      <p className="team-card__lead">Quem abre o link cria a conta (ou entra) e já fica na equipe com as funções escolhidas.</p>
      <NewInviteLink team={team} onCreated={setCreated} />
      {created ? <CreatedLink team={team} link={created} /> : null}
      <h3 className="team-card__subtitle">Links da equipe</h3>
      {links.isLoading ? (
        <p>Carregando os links…</p>
      ) : links.isError ? (
        <p role="alert">{portalErrorOf(links.error, 'Não foi possível carregar os links.').message}</p>
      ) : (links.data ?? []).length === 0 ? (
        <p>Nenhum link criado ainda.</p>
      ) : (
        <ul className="team-card__list" aria-label="Links de convite da equipe">
          {links.data!.map((link) => (
            <InviteLinkItem key={link.id} team={team} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NewInviteLink({ team, onCreated }: { team: InvitedTeam; onCreated: (link: CreatedInviteLink) => void }) {
  const id = useId();
  const [positions, setPositions] = useState<number[]>([]);
  const [days, setDays] = useState(String(INVITE_LINK_DEFAULT_DAYS));
  const [limit, setLimit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [createLink, creation] = useCreateInviteLinkMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (creation.isLoading) return;
    setError(null);
    const result = await createLink({
      churchId: team.churchId,
      departmentId: team.departmentId,
      link: { positions, expires_in_days: Number(days), max_uses: limit.trim() === '' ? null : Number(limit) },
    });
    if (result.error) return setError(portalErrorOf(result.error, 'Não foi possível criar o link. Tente novamente.').message);
    onCreated(result.data);
  };

  return (
    <form className="team-form" onSubmit={(event) => void submit(event)} aria-label="Novo link de convite">
      <PositionChoices departmentId={team.departmentId} value={positions} onChange={setPositions} disabled={creation.isLoading} />
      <div className="team-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-days`}>
            Validade (dias)
          </label>
          <input
            id={`${id}-days`}
            className="field__input"
            type="number"
            inputMode="numeric"
            min={1}
            max={INVITE_LINK_MAX_DAYS}
            required
            value={days}
            onChange={(change) => setDays(change.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-limit`}>
            Limite de usos (opcional)
          </label>
          <input id={`${id}-limit`} className="field__input" type="number" inputMode="numeric" min={1} value={limit} onChange={(change) => setLimit(change.target.value)} />
        </div>
      </div>
      {error ? (
        <p className="team-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={creation.isLoading}>
        {creation.isLoading ? <Spinner /> : null}
        Criar link
      </button>
    </form>
  );
}

/** The link just made: its address to copy or share, shown once (only its hash is kept). */
function CreatedLink({ team, link }: { team: InvitedTeam; link: CreatedInviteLink }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  // The keyboard lands on the new address (selected, with its label read), ready to copy.
  useEffect(() => input.current?.focus(), [link.url]);
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Área de transferência indisponível.');
      await navigator.clipboard.writeText(link.url);
      setStatus('Link copiado.');
    } catch {
      input.current?.focus();
      input.current?.select();
      setStatus('Não foi possível copiar automaticamente. O link está selecionado: copie com Ctrl+C (⌘+C no Mac).');
    }
  };
  return (
    <div className="team-created" role="group" aria-labelledby={`${id}-label`}>
      <div className="field">
        <label id={`${id}-label`} className="field__label" htmlFor={`${id}-url`}>
          Link criado: {teamLabel(team, link.positions)}
        </label>
        <input ref={input} id={`${id}-url`} className="field__input" type="text" readOnly value={link.url} onFocus={(focus) => focus.currentTarget.select()} />
      </div>
      <p className="team-card__lead">Copie ou compartilhe agora: por segurança, o endereço do link não é mostrado de novo.</p>
      <div className="team-form__actions">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          Copiar link
        </button>
        <a className="button button--secondary" href={whatsappShareUrl(team, link.positions, link.url)} target="_blank" rel="noopener noreferrer">
          Compartilhar no WhatsApp
        </a>
      </div>
      <p role="status" className="team-form__status">
        {status}
      </p>
    </div>
  );
}

function InviteLinkItem({ team, link }: { team: InvitedTeam; link: InviteLink }) {
  const { timeZone } = usePublicConfig();
  const [revoke, revoking] = useRevokeInviteLinkMutation();
  const [error, setError] = useState<string | null>(null);
  const positions = link.positions.length > 0 ? link.positions.map((position) => position.name).join(', ') : 'sem função';
  const cancel = async () => {
    setError(null);
    const result = await revoke({ churchId: team.churchId, departmentId: team.departmentId, id: link.id });
    if (result.error) setError(portalErrorOf(result.error, 'Não foi possível cancelar o link.').message);
  };
  return (
    <li className="team-card__item">
      <span className="team-card__name">
        {positions} · {linkStateText(link.state)}
      </span>
      <span className="team-card__detail">
        {link.state === 'active' || link.state === 'used_up' ? `Vale até ${formatShortDateTime(link.expires_at, timeZone)} · ` : ''}
        {usesText(link)}
      </span>
      {link.joined.length > 0 ? <span className="team-card__detail">Entraram: {link.joined.map((person) => person.name).join(', ')}</span> : null}
      {link.state === 'active' || link.state === 'used_up' ? (
        <button type="button" className="button button--secondary team-card__action" onClick={() => void cancel()} disabled={revoking.isLoading} aria-label={`Cancelar o link (${positions})`}>
          Cancelar link
        </button>
      ) : null}
      {error ? <span role="alert">{error}</span> : null}
    </li>
  );
}
