// What the push is given beside the services: how to wait between attempts and how to send. Both
// are injectable, so tests drive the retry rules with a FixedClock and nock without sleeping.
import type { Services } from '../../../core/services.js';
import { gotTransport, type Transport } from './transport.js';

export interface PushProgress {
  type: 'batch-start' | 'attempt-failed' | 'batch-done';
  partner: string;
  organization_code: string;
  month: string;
  batch_index: number;
  records: number;
  attempt?: number;
  status?: 'delivered' | 'failed';
  error?: string;
  wait_ms?: number;
}

export interface PushContext {
  services: Services;
  sleep?: (ms: number) => Promise<void>;
  transport?: Transport;
  onProgress?: (event: PushProgress) => void;
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function pushTools(ctx: PushContext) {
  return {
    sleep: ctx.sleep ?? realSleep,
    transport: ctx.transport ?? gotTransport,
    progress: ctx.onProgress ?? (() => {}),
  };
}
