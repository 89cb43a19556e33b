// The existing name nearest to one that was mistyped (`acme` → `ACME`, `ACEM` → `ACME`): the same
// letters in another case first, else the fewest single-character edits, when few enough that the
// suggestion is likely what was meant. Pure, so every lookup that refuses a name can offer one.
import { AppError } from './errors.js';

/** The nearest candidate to `typed`, or null when none is close. */
export function nearestName(typed: string, candidates: Iterable<string>): string | null {
  const wanted = typed.trim();
  const folded = wanted.toLowerCase();
  // A short name tolerates one edit, a longer one a third of its length (at most 3).
  const limit = Math.min(3, Math.max(1, Math.floor(wanted.length / 3)));
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate.toLowerCase() === folded) return candidate;
    if (Math.abs(candidate.length - wanted.length) > limit) continue;
    const d = editDistance(folded, candidate.toLowerCase(), limit);
    if (d <= limit && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Edits between two names: insertions, deletions, substitutions and swaps of two neighbouring
 * letters (ACEM → ACME is one), given up (returning limit + 1) once it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        current[j] = Math.min(current[j], before[j - 2] + 1);
      }
      rowMin = Math.min(rowMin, current[j]);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/**
 * The one error of a name that resolves to nothing (src/workforce/refs.ts, src/clinic/refs.ts): a 404
 * naming the field (an input field, or the CLI's flag: exit 2) and, when an existing name is near,
 * offering it: `--org: no organization acme. Did you mean ACME?`.
 */
export function unknownReference(
  field: string,
  what: string,
  ref: string,
  candidates: Iterable<string> | string | null,
  where = '',
): AppError {
  const near =
    typeof candidates === 'string' || candidates === null ? candidates : nearestName(ref, candidates);
  const hint = near ? ` Did you mean ${near}?` : '';
  const message = `${field}: no ${what} ${ref}${where ? ` ${where}` : ''}.${hint}`;
  return new AppError(404, message, { code: 'NOT_FOUND', errors: { [field]: [message] } });
}
