// A listener with graceful shutdown: stop accepting, let in-flight requests finish (up to a
// timeout), close idle keep-alive connections at once, then everything.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpTimeouts } from '../config.js';
import type { RequestHandler } from './app.js';

export interface Listener {
  server: Server;
  port: number;
  url: string;
  /** Resolves once every connection is closed; in-flight requests get up to timeoutMs. */
  close(timeoutMs: number): Promise<void>;
}

/** Defaults when none are given (tests that build a listener by hand). */
const DEFAULT_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 60_000, keepAliveMs: 65_000 };

export async function listen(
  handler: RequestHandler,
  port: number,
  host: string,
  timeouts: HttpTimeouts = DEFAULT_TIMEOUTS,
): Promise<Listener> {
  // Slow clients are cut explicitly, not by Node's defaults: a client trickling its headers is
  // closed after headersMs, one trickling its body after requestMs (Node checks open connections
  // every connectionsCheckingInterval, so that interval bounds the overshoot). The keep-alive
  // timeout stays above the usual proxy's (60 s), so a proxy never reuses a socket we just closed.
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(timeouts.headersMs / 4))),
      keepAliveTimeout: timeouts.keepAliveMs,
    },
    handler,
  );
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
