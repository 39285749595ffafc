/**
 * The query parameter of an e-mailed answer link, `/events?resposta=<token>` (docs/product.md §7): the server writes it
 * into messages, the events page reads it to open the dialog that asks before answering.
 */
export const RESPONSE_LINK_PARAM = 'resposta';
