import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RunningServer {
  server: http.Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /**
   * Answers what Node's HTTP parser refuses (a malformed request line, headers over the limit …) before any
   * request exists; without it Node answers an empty `400 Bad Request`.
   */
  onClientError?: (error: NodeJS.ErrnoException, socket: Duplex) => void;
}

/** Listens on `port` (every interface unless `host` names one). */
export async function listen(app: http.RequestListener, port: number, host?: string, options: ListenOptions = {}): Promise<RunningServer> {
  const server = http.createServer();
  if (options.onClientError) server.on('clientError', options.onClientError);
  // Longer than the proxy agent keeps idle sockets, so the web host never reuses one the API just closed.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // While closing, a kept-alive connection must not outlive its last response: Node's server.close() only
  // drops connections that are idle at that moment, and a client that keeps its socket open after an
  // in-flight response would otherwise hold the process for the whole keep-alive timeout.
  let closing = false;
  const inFlight = new Set<http.ServerResponse>();
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.add(res);
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight.delete(res);
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });
  server.on('request', app);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}

/**
 * Where the API's port listens: API_HOST when set; loopback when the web host runs in the same process (it hands
 * `/api` to the API in memory, so nothing outside needs that port); every interface otherwise, for web hosts on
 * other machines.
 */
export function apiListenHost(configured: string | undefined, webInProcess: boolean): string | undefined {
  return configured ?? (webInProcess ? '127.0.0.1' : undefined);
}
