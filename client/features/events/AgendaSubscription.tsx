import { useId, useRef, useState } from 'react';
import { CalendarAppLinks } from '../../kit/calendarFeed/CalendarAppLinks.tsx';
import { copyOrSelect } from '../../kit/calendarFeed/copyOrSelect.ts';
import './AgendaSubscription.css';

/** The public feed (`GET /api/calendar.ics`) as this page's visitor reaches it: the page's own origin, whatever proxies it. */
export function publicFeedUrl(origin: string = window.location.origin): string {
  return `${origin}/api/calendar.ics`;
}

/**
 * "Assinar a agenda" (issue 21, item 4), signed in only: the network's public feed of upcoming events, to subscribe in
 * a calendar app in one tap (webcal://, Google Agenda, Apple) or to copy.
 */
export function AgendaSubscription() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const url = publicFeedUrl();

  const copy = async () => {
    setStatus(
      (await copyOrSelect(url, input.current))
        ? 'Endereço copiado.'
        : 'Não foi possível copiar automaticamente. O endereço está selecionado: copie com Ctrl+C (⌘+C no Mac).',
    );
  };

  return (
    <section className="agenda-subscription" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="agenda-subscription__title">
        Assinar a agenda
      </h2>
      <p className="agenda-subscription__text">Os próximos eventos da rede no seu calendário, atualizados sozinhos.</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-url`}>
          Endereço da agenda
        </label>
        <div className="agenda-subscription__copy">
          <input ref={input} id={`${id}-url`} className="field__input" type="text" readOnly value={url} onFocus={(focus) => focus.currentTarget.select()} />
          <button type="button" className="button button--secondary" onClick={() => void copy()}>
            Copiar endereço
          </button>
        </div>
        <CalendarAppLinks feedUrl={url} />
      </div>
      <p className="agenda-subscription__status" role="status">
        {status}
      </p>
    </section>
  );
}
