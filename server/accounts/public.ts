// What other resources may use of accounts, the owner of the `users` and `sessions` tables (server/README.md): the
// password rules and hash, setting a password, ending an account's sessions, and the advisory lock its throttles
// count under (the password-reset requests count under it too); the names of accounts (the audit log's people).
export { passwordHasher } from './passwordHasher.ts';
export { checkPasswordRules } from './passwordRules.ts';
export { deleteUserSessions } from './sessions.ts';
export { namesOfUsers, setPasswordHash } from './userQueries.ts';
export { lockKey, PASSWORD_RESET_ADDRESS_KEYS, PASSWORD_RESET_EMAIL_KEYS } from './throttleLock.ts';
