// What other resources may use of accounts, the owner of the `users` and `sessions` tables (server/README.md): the
// password rules and hash, setting a password, and ending an account's sessions.
export { passwordHasher } from './passwordHasher.ts';
export { checkPasswordRules } from './passwordRules.ts';
export { deleteUserSessions } from './sessions.ts';
export { setPasswordHash } from './userQueries.ts';
