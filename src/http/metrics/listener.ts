// The metrics listener: its own port (METRICS_PORT, bound to METRICS_HOST, 127.0.0.1 by default) so
// it never shares the contracts' listeners, their access rules or their access log. It answers
// `GET /metrics` in the Prometheus text format and 404 to everything else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../../core/services.js';
import { listen, type Listener } from '../server.js';
import { createPromMetrics } from './registry.js';

export interface MetricsService {
  listener: Listener;
  /** Closes the listener and stops recording query errors. */
  stop(): Promise<void>;
}

/** Installs the prom-client recorder as services.metrics and starts the listener. */
export async function startMetrics(
  services: Services,
  opts: { port: number; host: string },
): Promise<MetricsService> {
  const { registry, recorder, detach } = createPromMetrics(services);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = String(req.url ?? '');
    const path = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(body),
      (err) => {
        services.logger.error('metrics scrape failed', { error: err as Error });
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Scrape failed.\n');
      },
    );
  };
  let listener: Listener;
  try {
    listener = await listen(handler, opts.port, opts.host, services.config.httpTimeouts);
  } catch (err) {
    detach();
    throw err;
  }
  services.metrics = recorder;
  return {
    listener,
    async stop() {
      await listener.close(services.config.shutdownGraceMs);
      detach();
    },
  };
}
