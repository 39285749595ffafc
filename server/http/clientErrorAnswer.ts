import type { Duplex } from 'node:stream';
import { API_CONTENT_SECURITY_POLICY } from './apiResponseHeaders.ts';

interface ClientErrorReply {
  status: number;
  reason: string;
  code: string;
  message: string;
}

/** What Node's parser reports, as Node itself would answer it (431, 413, 408 or 400), in the API's words. */
function replyTo(error: NodeJS.ErrnoException): ClientErrorReply {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, reason: 'Request Header Fields Too Large', code: 'headers_too_large', message: 'Os cabeçalhos da requisição passam do limite.' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, reason: 'Payload Too Large', code: 'payload_too_large', message: 'As extensões de chunk da requisição passam do limite.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, reason: 'Request Timeout', code: 'request_timeout', message: 'A requisição não chegou inteira a tempo.' };
    default:
      return { status: 400, reason: 'Bad Request', code: 'invalid_request', message: 'Requisição HTTP malformada.' };
  }
}

/** The raw HTTP/1.1 answer to a request Node's parser refused: JSON in the API's error shape, then close. */
export function clientErrorResponse(error: NodeJS.ErrnoException): Buffer {
  const { status, reason, code, message } = replyTo(error);
  const body = Buffer.from(JSON.stringify({ error: { code, message } }));
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${body.length}`,
    'Cache-Control: no-store',
    `Content-Security-Policy: ${API_CONTENT_SECURITY_POLICY}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]);
}

/**
 * A server's `clientError` listener: what Node does by default (answer unless a response to this connection has
 * begun, then drop the connection), but the answer is JSON instead of an empty text one.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error), () => socket.destroy());
}
