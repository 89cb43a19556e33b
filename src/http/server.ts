// A listener with graceful shutdown: stop accepting, let in-flight requests finish (up to a
// timeout), close idle keep-alive connections at once, then everything.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from './app.js';

export interface Listener {
  server: Server;
  port: number;
  url: string;
  /** Resolves once every connection is closed; in-flight requests get up to timeoutMs. */
  close(timeoutMs: number): Promise<void>;
}

export async function listen(handler: RequestHandler, port: number, host: string): Promise<Listener> {
  const server = createServer(handler);
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    server,
    port: address.port,
    url: `http://${shownHost}:${address.port}`,
    close(timeoutMs: number) {
      closing ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
        // A keep-alive connection becomes idle when its in-flight response ends: close it then.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
