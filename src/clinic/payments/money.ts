// Money crosses the API as decimal numbers in major units (150.5) and lives in the database as
// integer minor units (15050). The conversion goes through the number's decimal text, so 0.1 is
// exactly 10 and sums never drift; more than 2 decimals round half up (10.005 → 10.01).
import { yup } from '../../core/validation.js';

export const MAX_AMOUNT = 99_999_999.99;

export function toMinor(value: number | string): number {
  let text = typeof value === 'number' ? String(value) : value.trim();
  if (/e/i.test(text)) text = Number(text).toFixed(10); // 1e-7 and friends: plain digits first
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) throw new Error(`not an amount: ${value}`);
  const fraction = (m[3] ?? '').padEnd(3, '0');
  let minor = Number(m[2] || '0') * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) minor += 1;
  return m[1] === '-' ? -minor : minor;
}

/** Minor units back to the API's decimal number: 15050 → 150.5. */
export function fromMinor(minor: number | string | bigint): number {
  const n = Number(minor);
  const sign = n < 0 ? -1 : 1;
  const abs = Math.abs(n);
  return sign * Number(`${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/** An amount in major units; `positive` also refuses what rounds to 0 (0.004). */
export function amountField(opts: { positive: boolean }) {
  const base = yup.number().max(MAX_AMOUNT);
  return opts.positive
    ? base.moreThan(0).test(
        'positive-cents',
        ({ path }) => `The ${path} field must be at least 0.01.`,
        // Out of range is the max/moreThan rules' to report: toMinor cannot read 1e+308.
        (v) => v == null || v <= 0 || v > MAX_AMOUNT || toMinor(v) > 0,
      )
    : base.min(0);
}
