/**
 * The query parameter of a cover request's e-mailed link (docs/product.md §10): `/events?cobertura=<id>` opens the
 * events page, whose "Pedidos de cobertura" list offers that request to accept once signed in.
 */
export const COVER_LINK_PARAM = 'cobertura';
