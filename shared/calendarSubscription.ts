/**
 * The addresses that subscribe a calendar app to an iCalendar feed (issue 21, item 4), from the feed's own
 * `https://` (or `http://`) URL: `webcal://` opens the device's calendar app (Apple Calendar on an iPhone or a Mac,
 * Outlook), and Google Calendar takes the `webcal://` address in `cid`.
 */
export function webcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:\/\//i, 'webcal://');
}

export function googleCalendarUrl(feedUrl: string): string {
  return `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcalUrl(feedUrl))}`;
}
