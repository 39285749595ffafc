import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  server: http.Server;
  port: number;
  /** Stops accepting, lets in-flight requests finish, then resolves. */
  close(): Promise<void>;
}

export async function listen(app: http.RequestListener, port: number, host?: string): Promise<RunningServer> {
  const server = http.createServer();
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
