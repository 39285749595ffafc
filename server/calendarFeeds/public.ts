// What other resources may use of calendarFeeds, the owner of the `calendar_tokens` table (server/README.md):
// replacing an account's feed token when its password is reset or changed.
export { renewCalendarToken } from './calendarTokenQueries.ts';
