// Where the benchmark keeps its files: the repository root, and var/bench/ (git-ignored) for the
// generated import documents, baseline inputs and the SQLite database.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
export const WORK_DIR = `${ROOT}/var/bench`;
export const RESULTS_FILE = `${ROOT}/bench/results.json`;
export const DOC_FILE = `${ROOT}/docs/benchmarks.md`;
/** The CLI from source (bin/wfctl runs the same run() from dist/, which the benchmark does not build). */
export const WFCTL_ENTRY = `${ROOT}/bench/lib/wfctl-entry.ts`;

export function workDir(...parts: string[]): string {
  const dir = [WORK_DIR, ...parts].join('/');
  mkdirSync(dir, { recursive: true });
  return dir;
}
