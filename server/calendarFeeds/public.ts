// What other resources may use of calendarFeeds, the owner of the `calendar_tokens` table (server/README.md):
// replacing an account's feed token when its password is reset or changed; when its feed was made, and ending it,
// for the account's data export and removal (docs/product.md §11).
export { calendarFeedOf, deleteCalendarToken, renewCalendarToken } from './calendarTokenQueries.ts';
