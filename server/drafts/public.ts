// What other resources may use of drafts, the owner of `drafts` and `draft_places` (server/README.md): forgetting a
// person whose account is removed (docs/product.md §11).
export { forgetDraftsOf } from './draftQueries.ts';
