import { useId, useState, type FormEvent } from 'react';
import type { Preferences } from '../../../shared/schemas/notifications.ts';
import { brazilianMobile, formatBrazilianMobile, PHONE_MESSAGE } from '../../../shared/phone.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { TextField } from '../../kit/TextField.tsx';
import { useGetPreferencesQuery, useUpdatePreferencesMutation } from './preferencesApi.ts';

export const PREFERENCES_SAVED_MESSAGE = 'Preferências salvas.';
const LIMIT_MESSAGE = 'Informe um número de 1 a 31, ou deixe em branco para não ter limite.';

/**
 * What reaches the member (docs/product.md §7): the escala's e-mails (invitations, reminders, changes) on or off, a
 * mobile number leaders may send the escala to by WhatsApp, and the most services a month the escala automática
 * may give them (§9). `GET/PATCH /api/me/preferences`.
 */
export function NotificationPreferences() {
  const id = useId();
  const preferences = useGetPreferencesQuery();
  return (
    <section className="account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        Avisos da escala
      </h2>
      <p className="account-card__text">Convites, lembretes antes do culto e avisos quando um evento muda ou é cancelado.</p>
      {preferences.data ? (
        <PreferencesForm stored={preferences.data} />
      ) : preferences.isError ? (
        <p className="account-card__error" role="alert">
          {portalErrorOf(preferences.error, 'Não foi possível carregar as preferências.').message}
        </p>
      ) : (
        <p className="account-card__status" role="status">
          Carregando…
        </p>
      )}
    </section>
  );
}

/** The form, starting from what is stored. */
function PreferencesForm({ stored }: { stored: Preferences }) {
  const id = useId();
  const [save, { isLoading }] = useUpdatePreferencesMutation();
  const [email, setEmail] = useState(stored.email_notifications);
  const [phone, setPhone] = useState(stored.phone ? formatBrazilianMobile(stored.phone) : '');
  const [limit, setLimit] = useState(stored.max_services_per_month === null ? '' : String(stored.max_services_per_month));
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (isLoading) return;
    setStatus('');
    setError(null);
    if (phone.trim() !== '' && brazilianMobile(phone) === undefined) return setError(PHONE_MESSAGE);
    const monthly = limit.trim() === '' ? null : Number(limit);
    if (monthly !== null && !(Number.isInteger(monthly) && monthly >= 1 && monthly <= 31)) return setError(LIMIT_MESSAGE);
    const result = await save({ email_notifications: email, phone: phone.trim() === '' ? null : phone, max_services_per_month: monthly });
    if (result.error) {
      const problem = portalErrorOf(result.error, 'Não foi possível salvar as preferências. Tente novamente.');
      const fields = problem.body?.fields as Record<string, string> | undefined;
      setError(fields?.phone ?? fields?.max_services_per_month ?? problem.message);
      return;
    }
    setPhone(result.data.phone ? formatBrazilianMobile(result.data.phone) : '');
    setStatus(PREFERENCES_SAVED_MESSAGE);
  };

  return (
    <form className="account-card__form" onSubmit={(submit) => void handleSubmit(submit)} noValidate aria-busy={isLoading || undefined}>
      <label className="account-card__check" htmlFor={`${id}-email`}>
        <input id={`${id}-email`} type="checkbox" checked={email} onChange={(change) => setEmail(change.target.checked)} />
        Receber os avisos por e-mail
      </label>
      <TextField
        id={`${id}-phone`}
        label="Celular (WhatsApp)"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(11) 98765-4321"
        value={phone}
        onChange={(change) => setPhone(change.target.value)}
        hint="Opcional: com ele, líderes podem enviar a sua escala pelo WhatsApp."
      />
      <TextField
        id={`${id}-limit`}
        label="No máximo quantas escalas por mês?"
        type="number"
        inputMode="numeric"
        min={1}
        max={31}
        value={limit}
        onChange={(change) => setLimit(change.target.value)}
        hint="Opcional: a escala automática não passa desse número. Em branco, sem limite."
      />
      {error ? (
        <p className="account-card__error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="account-card__status" role="status">
        {status}
      </p>
      <button type="submit" className="button button--primary account-card__submit" disabled={isLoading}>
        {isLoading ? <Spinner /> : null}
        Salvar preferências
      </button>
    </form>
  );
}
