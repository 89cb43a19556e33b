// What the kernel records for monitoring, as a tiny interface with no dependency: the pipeline, the
// rate limits and the scheduler call it, and it does nothing unless the daemon installed an
// implementation (src/http/metrics, prom-client, loaded only when METRICS_PORT is set). So a CLI
// command never pays for loading a metrics library, and a test that builds Services by hand needs
// nothing.
import type { Services } from './services.js';

/** One HTTP request, as it finished. `route` is the route's template (or "unmatched"), never a raw path. */
export interface HttpRequestSample {
  listener: string;
  route: string;
  method: string;
  status: number;
  seconds: number;
}

/**
 * What became of one scheduler slot: it ran, it failed, it was skipped because another daemon holds
 * it (or had just finished it), it was skipped as already done, or it ran but another daemon had
 * taken it over meanwhile (our outcome was dropped).
 */
export type SlotOutcome = 'ran' | 'failed' | 'skipped-held-elsewhere' | 'skipped-done' | 'taken-over';

export interface Metrics {
  httpRequest(sample: HttpRequestSample): void;
  /** A request refused by the rate limit `limit` (its rule's name: "login", "export", …). */
  rateLimited(limit: string): void;
  schedulerSlot(job: string, outcome: SlotOutcome): void;
}

/** The default: records nothing. */
export const noMetrics: Metrics = {
  httpRequest() {},
  rateLimited() {},
  schedulerSlot() {},
};

export function metricsOf(services: Pick<Services, 'metrics'>): Metrics {
  return services.metrics ?? noMetrics;
}
