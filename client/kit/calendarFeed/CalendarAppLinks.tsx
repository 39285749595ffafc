import { googleCalendarUrl, webcalUrl } from '../../../shared/calendarSubscription.ts';
import './CalendarAppLinks.css';

export interface CalendarAppLinksProps {
  /** The feed's own `https://` (or `http://`) address. */
  feedUrl: string;
}

/**
 * One tap to subscribe a calendar app to a feed (issue 21, item 4): `webcal://` opens the device's calendar app,
 * Google Agenda takes it in a new tab, and Apple's calendar (iPhone, iPad, Mac) opens the same `webcal://`.
 * The events page's public agenda and the account page's personal feed show it beside their copy button.
 */
export function CalendarAppLinks({ feedUrl }: CalendarAppLinksProps) {
  const webcal = webcalUrl(feedUrl);
  return (
    <ul className="calendar-app-links" aria-label="Assinar no calendário">
      <li>
        <a className="button button--secondary button--small" href={webcal}>
          Abrir no app de calendário
        </a>
      </li>
      <li>
        <a className="button button--secondary button--small" href={googleCalendarUrl(feedUrl)} target="_blank" rel="noopener noreferrer">
          Google Agenda{' '}
          <span className="visually-hidden">(abre em nova aba)</span>
        </a>
      </li>
      <li>
        <a className="button button--secondary button--small" href={webcal}>
          Apple (iPhone, iPad, Mac)
        </a>
      </li>
    </ul>
  );
}
