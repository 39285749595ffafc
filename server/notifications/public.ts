// What other resources may use of notifications, the owner of `notification_preferences` (server/README.md): a
// member's preferences, and forgetting them, for their data export and account removal (docs/product.md §11).
export { deletePreferences, findPreferences } from './preferenceQueries.ts';
// The texts of an SOS and a nudge for WhatsApp, written where their e-mails are (docs/product.md §10).
export { nudgeWhatsappText, sosWhatsappText, whatsappUrl, type PendingService, type PlaceFacts } from './openPlaceMessages.ts';
