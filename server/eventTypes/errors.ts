export class EventTypeExists extends Error {
  constructor() {
    super('Já existe um tipo de evento com esse nome.');
  }
}
