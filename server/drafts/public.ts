// What other resources may use of drafts, the owner of `drafts` and `draft_places` (server/README.md): forgetting a
// person whose account is removed (docs/product.md §11); the places of §9 and the rules that keep a person from
// one, for open places and SOS (docs/product.md §10).
export { forgetDraftsOf } from './draftQueries.ts';
export { loadDraftFacts, type DraftFacts, type DraftScope, type OpenSlot } from './draftFacts.ts';
export { DraftRules } from './planDraft.ts';
