// A strict reader of the Prometheus text exposition format (0.0.4), for tests: HELP and TYPE lines,
// samples with escaped label values, each family's samples together after its TYPE, no duplicate
// series, and every histogram consistent (cumulative buckets ending in +Inf, +Inf = _count, a _sum).
// Anything it does not understand throws, naming the line.

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

export interface Scrape {
  families: Map<string, Family>;
  /** Every sample of the scrape, all families together. */
  samples: Sample[];
  /** The one sample named `name` whose labels include `labels`; throws when there is not exactly one. */
  value(name: string, labels?: Record<string, string>): number;
  /** The samples named `name` (whatever their labels). */
  series(name: string): Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export function parseExposition(text: string): Scrape {
  const families = new Map<string, Family>();
  const closed = new Set<string>(); // families whose samples are over (another family's started)
  const seen = new Set<string>();
  let current: Family | null = null;
  const lines = text.split('\n');
  if (lines.at(-1) !== '') throw new Error('the exposition must end with a newline');
  lines.forEach((line, i) => {
    const where = `line ${i + 1}: ${JSON.stringify(line)}`;
    if (line === '') return;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) return; // a plain comment
      const [, keyword, name, rest] = m;
      if (!NAME.test(name)) throw new Error(`bad metric name, ${where}`);
      const family = families.get(name) ?? { name, type: 'untyped' as MetricType, help: '', samples: [] };
      if (family.samples.length) throw new Error(`${keyword} after the family's samples, ${where}`);
      if (keyword === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`unknown type, ${where}`);
        if (seen.has(`TYPE ${name}`)) throw new Error(`second TYPE, ${where}`);
        family.type = rest as MetricType;
      } else {
        if (seen.has(`HELP ${name}`)) throw new Error(`second HELP, ${where}`);
        family.help = unescape(rest, false);
      }
      seen.add(`${keyword} ${name}`);
      families.set(name, family);
      if (current && current.name !== name) closed.add(current.name);
      current = family;
      return;
    }
    const sample = parseSample(line, where);
    const family = familyOf(sample.name, families);
    if (!family) throw new Error(`sample without a TYPE, ${where}`);
    if (closed.has(family.name) || (current && current.name !== family.name))
      throw new Error(`family ${family.name}'s samples are not together, ${where}`);
    const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seen.has(key)) throw new Error(`duplicate series, ${where}`);
    seen.add(key);
    family.samples.push(sample);
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  const samples = [...families.values()].flatMap((f) => f.samples);
  const series = (name: string) => samples.filter((s) => s.name === name);
  return {
    families,
    samples,
    series,
    value(name, labels = {}) {
      const found = series(name).filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));
      if (found.length !== 1)
        throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
      return found[0].value;
    },
  };
}

/** The family a sample belongs to: its own name, or a histogram's/summary's _bucket, _sum, _count. */
function familyOf(name: string, families: Map<string, Family>): Family | undefined {
  const own = families.get(name);
  if (own && own.type !== 'histogram') return own;
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  if (!m) return own;
  const base = families.get(m[1]);
  if (base?.type === 'histogram') return base;
  if (base?.type === 'summary' && m[2] !== 'bucket') return base;
  return own;
}

function parseSample(line: string, where: string): Sample {
  const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)( -?\d+)?$/.exec(line);
  if (!m) throw new Error(`not a sample, ${where}`);
  const labels: Record<string, string> = {};
  let rest = m[2] ? m[2].slice(1, -1) : '';
  while (rest) {
    const l = /^([^=]+)="((?:[^"\\]|\\.)*)"(,|$)/.exec(rest);
    if (!l || !LABEL.test(l[1])) throw new Error(`bad label, ${where}`);
    if (l[1] in labels) throw new Error(`label ${l[1]} twice, ${where}`);
    labels[l[1]] = unescape(l[2], true);
    rest = rest.slice(l[0].length);
  }
  return { name: m[1], labels, value: parseValue(m[3], where) };
}

/** A float as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan"). */
function parseValue(raw: string, where: string): number {
  if (/^\+?inf(inity)?$/i.test(raw)) return Infinity;
  if (/^-inf(inity)?$/i.test(raw)) return -Infinity;
  if (/^nan$/i.test(raw)) return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) throw new Error(`bad value, ${where}`);
  return Number(raw);
}

/** HELP text escapes \\ and \n; label values also escape \". */
function unescape(s: string, quotes: boolean): string {
  return s.replace(/\\(.)/g, (whole, c: string) => {
    if (c === '\\') return '\\';
    if (c === 'n') return '\n';
    if (c === '"' && quotes) return '"';
    throw new Error(`bad escape ${whole} in ${JSON.stringify(s)}`);
  });
}

function checkHistogram(family: Family): void {
  const groups = new Map<string, { buckets: Array<[number, number]>; sum?: number; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const g = groups.get(key) ?? { buckets: [] };
    groups.set(key, g);
    if (s.name === `${family.name}_bucket`) {
      if (le === undefined) throw new Error(`${family.name}: a bucket without le`);
      g.buckets.push([parseValue(le, `le of ${family.name}`), s.value]);
    } else if (s.name === `${family.name}_sum`) g.sum = s.value;
    else if (s.name === `${family.name}_count`) g.count = s.value;
    else throw new Error(`${family.name}: unexpected sample ${s.name}`);
  }
  for (const [key, g] of groups) {
    const what = `${family.name}${key}`;
    if (g.sum === undefined || g.count === undefined) throw new Error(`${what}: _sum or _count missing`);
    const sorted = [...g.buckets].sort((a, b) => a[0] - b[0]);
    if (sorted.at(-1)?.[0] !== Infinity) throw new Error(`${what}: no +Inf bucket`);
    sorted.forEach(([, v], i) => {
      if (i > 0 && v < sorted[i - 1][1]) throw new Error(`${what}: buckets are not cumulative`);
    });
    if (sorted.at(-1)![1] !== g.count) throw new Error(`${what}: +Inf bucket ≠ _count`);
  }
}
