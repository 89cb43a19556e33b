// The daemon's drain: from the first SIGTERM on, /up answers 503, /ready fails, the listeners stop
// accepting and the background tasks claim nothing new, while the work in hand gets the grace
// (SHUTDOWN_GRACE_SECONDS) to finish. One flag, read by the health operations of both contexts.
export interface Drain {
  readonly draining: boolean;
  /** Marks the process as draining; there is no way back (a stopping daemon never serves again). */
  begin(): void;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}
