// What other resources may use of passwordReset, the owner of `password_resets` and `password_reset_requests`
// (server/README.md): ending an account's links when it is removed (docs/product.md §11).
export { forgetResetsOf } from './passwordResetQueries.ts';
