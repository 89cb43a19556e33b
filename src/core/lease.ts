// Leases: whoever claims work (a queued job, a scheduler slot, a push batch) holds it for
// LEASE_SECONDS and renews it while it runs. A holder that dies stops renewing, so its claim lapses
// within one lease and the next process to look takes it over: a crash costs seconds, not the
// quarter-hours or hours a fixed "stale after" rule cost.
//
// The claim itself lives in each store (a `lease_until` column compared with the clock in SQL);
// this module only keeps a claim alive and tells the holder when it has lost it.

export interface LeaseTimers {
  /** `fn` returns the renewal it started (or the one still in flight), so a caller can await it. */
  setInterval(fn: () => Promise<void>, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: LeaseTimers = {
  setInterval: (fn, ms) => {
    const handle = setInterval(fn, ms);
    // A heartbeat never keeps a process alive on its own.
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface Heartbeat {
  /** Aborted once a renewal finds the claim taken over (or renewal keeps failing until the lease is gone). */
  readonly lost: AbortSignal;
  /** Stops renewing; resolves once a renewal in flight has finished. */
  stop(): Promise<void>;
}

export interface HeartbeatOptions {
  leaseMs: number;
  /** Extends the claim by one lease; false when the claim is no longer ours. */
  renew: () => Promise<boolean>;
  timers?: LeaseTimers;
  /** Milliseconds now, for deciding that failed renewals have outlived the lease (tests inject it). */
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * Renews a claim every third of its lease, so two missed beats still leave it held. A renewal that
 * throws (the database briefly away) is retried at the next beat; once a whole lease has passed
 * without a successful renewal the claim is treated as lost, because another process may hold it.
 */
export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  const timers = options.timers ?? realTimers;
  const controller = new AbortController();
  const now = options.now ?? Date.now;
  const every = Math.max(1, Math.floor(options.leaseMs / 3));
  let lastRenewed = now();
  let inFlight: Promise<void> = Promise.resolve();
  let running = false;

  const beat = (): Promise<void> => {
    if (running || controller.signal.aborted) return inFlight;
    running = true;
    inFlight = options
      .renew()
      .then((held) => {
        if (held) lastRenewed = now();
        else controller.abort(new Error('lease lost: the claim was taken over'));
      })
      .catch((error: unknown) => {
        options.onError?.(error);
        if (now() - lastRenewed >= options.leaseMs) controller.abort(new Error('lease lost: renewal failed'));
      })
      .finally(() => {
        running = false;
      });
    return inFlight;
  };

  const handle = timers.setInterval(beat, every);
  return {
    lost: controller.signal,
    async stop() {
      timers.clearInterval(handle);
      await inFlight;
    },
  };
}

/** The instant a claim taken (or renewed) at `now` lapses. */
export function leaseUntil(now: Date, leaseMs: number): Date {
  return new Date(now.getTime() + leaseMs);
}

/**
 * The lease_until a holder writes when it gives a claim back (a daemon stopping before its work is
 * done): just before now, so the next process to look, even at this very instant, finds it lapsed
 * and takes it over at once rather than one lease later.
 */
export function releasedLease(now: Date): Date {
  return new Date(now.getTime() - 1);
}

/** Resolves once `signal` is aborted (at once when it already is); never rejects. */
export function whenAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
