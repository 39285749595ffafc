/**
 * The query parameter of an e-mailed password-reset link, `/login?redefinir=<token>` (docs/product.md §1
 * departure 4): the server writes it into the message, the login page reads it to ask the new password, and the
 * web host answers a page that carries it with `Referrer-Policy: no-referrer` (docs/product.md §11).
 */
export const PASSWORD_RESET_PARAM = 'redefinir';
