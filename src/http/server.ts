// A listener with graceful shutdown: stop accepting, let in-flight requests finish (up to the
// grace), close idle keep-alive connections at once, then everything. Every response written once
// the drain has begun carries `Connection: close`, so a client or proxy holding a kept-alive
// connection opens its next request elsewhere instead of finding the socket gone.
import { createServer, type ServerResponse, type Server } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import type { HttpTimeouts } from '../config.js';
import type { RequestHandler } from './app.js';

export interface Listener {
  server: Server;
  port: number;
  url: string;
  /** Requests being answered now. */
  readonly inFlight: number;
  /**
   * Stops accepting at once; resolves once every connection is closed. In-flight requests get up to
   * graceMs; every response from now on carries `Connection: close`.
   */
  close(graceMs: number): Promise<void>;
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
  // Requests being answered: the drain marks their responses `Connection: close` when it begins,
  // and keeps idle connections open until they are all sent.
  const unsent = new Set<ServerResponse>();
  let draining = false;
  const forget = function (this: ServerResponse) {
    unsent.delete(this);
  };
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(timeouts.headersMs / 4))),
      keepAliveTimeout: timeouts.keepAliveMs,
    },
    (req, res) => {
      if (draining) res.setHeader('Connection', 'close');
      unsent.add(res);
      res.once('close', forget);
      handler(req, res);
    },
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
    get inFlight() {
      return unsent.size;
    },
    close(graceMs: number) {
      closing ??= new Promise<void>((resolve) => {
        draining = true;
        for (const res of unsent) if (!res.headersSent) res.setHeader('Connection', 'close');
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        timer.unref();
        // Idle keep-alive connections stay while responses are still being written, so a proxy's
        // pooled connection gets its next request answered (with Connection: close) rather than
        // reset; once nothing is in flight they are closed. http's own close() would close them at
        // once, so the listening socket is closed with net's, and http's runs at the end.
        const sweep = setInterval(() => {
          if (unsent.size === 0) server.closeIdleConnections();
        }, 50);
        NetServer.prototype.close.call(server, () => {
          clearTimeout(timer);
          clearInterval(sweep);
          server.close(); // stops http's connection-checking timer; the socket is already closed
          resolve();
        });
        if (unsent.size === 0) server.closeIdleConnections();
      });
      return closing;
    },
  };
}
