import { useId, useRef, useState } from 'react';
import { CalendarAppLinks } from '../../kit/calendarFeed/CalendarAppLinks.tsx';
import { copyOrSelect } from '../../kit/calendarFeed/copyOrSelect.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { useCreateCalendarFeedMutation, useGetCalendarFeedQuery } from './calendarFeedApi.ts';

export const COPIED_MESSAGE = 'Link copiado.';
export const COPY_FALLBACK_MESSAGE = 'Não foi possível copiar automaticamente. O link está selecionado: copie com Ctrl+C (⌘+C no Mac).';

/**
 * The member's personal iCalendar feed: make it, copy it or subscribe a calendar app to it in one tap (webcal://,
 * Google Agenda, Apple), or replace it (the old URL then stops working).
 */
export function CalendarFeed() {
  const id = useId();
  const feed = useGetCalendarFeedQuery();
  const [createFeed, creation] = useCreateCalendarFeedMutation();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const url = feed.data?.url ?? null;

  const generate = async (replacing: boolean) => {
    setError(null);
    setStatus('');
    const result = await createFeed();
    if (result.error) setError(portalErrorOf(result.error, 'Não foi possível gerar o link. Tente novamente.').message);
    else setStatus(replacing ? 'Novo link gerado. O anterior deixou de funcionar.' : 'Link gerado.');
  };

  const copy = async () => {
    if (!url) return;
    setStatus((await copyOrSelect(url, input.current)) ? COPIED_MESSAGE : COPY_FALLBACK_MESSAGE);
  };

  return (
    <section className="account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        Calendário pessoal
      </h2>
      <p className="account-card__text">
        Assine este link no Google Agenda, no Calendário da Apple ou no Outlook para ver os eventos em que você serve.
      </p>
      {feed.isLoading ? (
        <p className="account-card__text">Carregando…</p>
      ) : feed.isError ? (
        <p className="account-card__error" role="alert">
          Não foi possível carregar o link do calendário.
        </p>
      ) : url === null ? (
        <button type="button" className="button button--primary" onClick={() => void generate(false)} disabled={creation.isLoading}>
          {creation.isLoading ? <Spinner /> : null}
          Gerar link do calendário
        </button>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-url`}>
              Link do calendário
            </label>
            <div className="account-card__copy">
              <input
                ref={input}
                id={`${id}-url`}
                className="field__input"
                type="text"
                readOnly
                value={url}
                onFocus={(focus) => focus.currentTarget.select()}
              />
              <button type="button" className="button button--secondary" onClick={() => void copy()}>
                Copiar
              </button>
            </div>
            <CalendarAppLinks feedUrl={url} />
          </div>
          <p className="account-card__text" id={`${id}-regenerate-note`}>
            Gerar um novo link faz o atual parar de funcionar: quem assinou o anterior precisará assinar de novo.
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void generate(true)}
            disabled={creation.isLoading}
            aria-describedby={`${id}-regenerate-note`}
          >
            {creation.isLoading ? <Spinner /> : null}
            Gerar novo link
          </button>
        </>
      )}
      <p className="account-card__status" role="status">
        {status}
      </p>
      {error ? (
        <p className="account-card__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
