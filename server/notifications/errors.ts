/** The event of a WhatsApp escala does not exist. */
export class EventNotFound extends Error {
  constructor() {
    super('Evento não encontrado.');
  }
}
