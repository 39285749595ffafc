/** The draft was published or discarded already, or it expired (docs/product.md §9). */
export class DraftClosed extends Error {
  constructor() {
    super('Este rascunho já foi publicado, descartado ou expirou.');
  }
}

/** A rule keeps the person from the place: the rule's code and its pt-BR sentence. */
export class PickRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
