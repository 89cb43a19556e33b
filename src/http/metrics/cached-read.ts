// A scrape-time read shared for a short while: every scrape within `ttlMs` of the last read (or
// while it is still running) gets the same answer, so a burst of scrapers, or several Prometheus
// servers, cost the database one query per family per window. A failed read is remembered for the
// same window (a database in trouble is not hit harder) and answers null.
export function cachedRead<T>(
  read: () => Promise<T>,
  ttlMs: number,
  onError: (err: unknown) => void,
): () => Promise<T | null> {
  let at = -Infinity;
  let last: Promise<T | null> = Promise.resolve(null);
  return () => {
    const now = performance.now();
    if (now - at < ttlMs) return last;
    at = now;
    last = read().catch((err) => {
      onError(err);
      return null;
    });
    return last;
  };
}
