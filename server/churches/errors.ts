export class ChurchExists extends Error {
  constructor() {
    super('Já existe uma igreja com esse nome.');
  }
}
