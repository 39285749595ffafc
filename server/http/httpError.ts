/** An error the API answers with its own status, code and pt-BR message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'Recurso não encontrado.') => new HttpError(404, 'not_found', message);
export const badRequest = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(400, 'invalid_request', message, extra);
