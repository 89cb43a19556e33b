// What a case reports: rows of the table in docs/benchmarks.md, plus details kept in results.json.
export interface Row {
  case: string;
  /** What is measured, e.g. "req/s" or "p99 latency". */
  measure: string;
  figure: number | null;
  baseline: number | null;
  unit: string;
  /** figure ÷ baseline unless the row says otherwise (ratioNote). */
  ratio: number | null;
  ratioNote?: string;
  /** The second baseline: the same answer without any database work (raw node:http, curl). */
  ceiling?: number | null;
  /** figure ÷ ceiling (or time ÷ time, as the ratio). */
  ceilingRatio?: number | null;
  goal: string;
  met: boolean | null;
}

export interface CaseResult {
  case: string;
  title: string;
  baselineName: string;
  rows: Row[];
  notes: string[];
  details: Record<string, unknown>;
  loadBefore: number[];
  loadAfter: number[];
  seconds: number;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

export function ratio(figure: number | null, baseline: number | null): number | null {
  return figure === null || baseline === null || baseline === 0 ? null : round(figure / baseline, 3);
}

/** Times an async function (wall clock, ms). */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const began = performance.now();
  const value = await work();
  return { ms: performance.now() - began, value };
}

/** A case's result before the runner adds timing and load. */
export type CaseOutput = Omit<CaseResult, 'loadBefore' | 'loadAfter' | 'seconds'>;
