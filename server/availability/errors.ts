/** No blockout of the signed-in member has that id (another member's answers the same: it is not theirs). */
export class BlockoutNotFound extends Error {
  constructor() {
    super('Indisponibilidade não encontrada.');
  }
}
