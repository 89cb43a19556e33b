// Yup, with messages that name the field, and one function that turns a failure into a 422.
import * as yup from 'yup';
import { ValidationError, type FieldErrors } from './errors.js';

yup.setLocale({
  mixed: {
    required: ({ path }) => `${subject(path)} is required.`,
    notNull: ({ path }) => `${subject(path)} is required.`,
    oneOf: ({ path, values }) => `${subject(path)} must be one of: ${listed(values)}.`,
    notType: ({ path, type }) => `${subject(path)} must be ${article(type)}.`,
    defined: ({ path }) => `${subject(path)} is required.`,
  },
  string: {
    min: ({ path, min }) => `${subject(path)} must be at least ${min} characters.`,
    max: ({ path, max }) => `${subject(path)} must not be greater than ${max} characters.`,
    length: ({ path, length }) => `${subject(path)} must be ${length} characters.`,
    email: ({ path }) => `${subject(path)} must be a valid email address.`,
    matches: ({ path }) => `${subject(path)} format is invalid.`,
  },
  number: {
    min: ({ path, min }) => `${subject(path)} must be at least ${min}.`,
    max: ({ path, max }) => `${subject(path)} must not be greater than ${max}.`,
    integer: ({ path }) => `${subject(path)} must be an integer.`,
    moreThan: ({ path, more }) => `${subject(path)} must be greater than ${more}.`,
    positive: ({ path }) => `${subject(path)} must be greater than 0.`,
  },
  array: {
    min: ({ path, min }) => `${subject(path)} must have at least ${min} items.`,
    max: ({ path, max }) => `${subject(path)} must not have more than ${max} items.`,
  },
  object: {
    noUnknown: ({ path, unknown }) => `The ${path || 'body'} has unknown fields: ${unknown}.`,
  },
});

/** "The email field"; the root of a body (yup calls it "this") is "The request body". */
function subject(path: string | undefined): string {
  return !path || path === 'this' ? 'The request body' : `The ${path} field`;
}

/** yup lists a nullable enum's null as an empty entry ("a, b, "): list the real choices only. */
function listed(values: unknown): string {
  return String(values)
    .split(', ')
    .filter((v) => v !== '' && v !== 'null')
    .join(', ');
}

// yup's own trim() and lowercase() call value.trim() / value.toLowerCase() before the type check,
// so an object or array where a string belongs threw a TypeError (a 500). These touch strings only;
// anything else reaches the type check and becomes a 422 naming the field.
yup.addMethod(yup.string, 'trim', function (this: yup.StringSchema, message?: yup.Message) {
  return this.transform((v: unknown) => (typeof v === 'string' ? v.trim() : v)).test({
    name: 'trim',
    message: message ?? yup.defaultLocale.string?.trim,
    test: (v: unknown) => typeof v !== 'string' || v === v.trim(),
  });
});
yup.addMethod(yup.string, 'lowercase', function (this: yup.StringSchema, message?: yup.Message) {
  return this.transform((v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v)).test({
    name: 'string_case',
    exclusive: true,
    message: message ?? yup.defaultLocale.string?.lowercase,
    test: (v: unknown) => typeof v !== 'string' || v === v.toLowerCase(),
  });
});

// A JSON body carries types: `"organization_id": "1"`, `"reason": 123` or `"is_primary": "true"`
// are the client's mistakes, and a contract that says integer, string or boolean means it. yup casts
// such values (it is built for forms, where everything is a string), so for JSON bodies (validate's
// `json` option) a string, number or boolean schema skips yup's own coercion for a value of another
// type: the schema's own transforms still run, and the type check answers 422 naming the field.
// Query strings, path segments, multipart fields, CLI flags and import documents are still read as
// text and cast. (yup's coercion is the first transform each of these three schemas registers.)
const JSON_CONTEXT = Symbol('json body');
for (const Schema of [yup.StringSchema, yup.NumberSchema, yup.BooleanSchema] as any[]) {
  const cast = Schema.prototype._cast;
  Schema.prototype._cast = function (raw: unknown, options?: { context?: Record<symbol, unknown> }) {
    if (raw == null || !options?.context?.[JSON_CONTEXT] || this._typeCheck(raw)) {
      return cast.call(this, raw, options);
    }
    const own = this.transforms.slice(1) as Array<
      (v: unknown, r: unknown, s: unknown, o: unknown) => unknown
    >;
    const value = own.reduce<unknown>((v, transform) => transform.call(this, v, raw, this, options), raw);
    return value === undefined ? this.getDefault(options) : value;
  };
}

function article(type: string): string {
  if (type === 'integer' || type === 'object' || type === 'array') return `an ${type}`;
  if (type === 'number') return 'a number';
  if (type === 'boolean') return 'true or false';
  if (type === 'date') return 'a valid date';
  return `a ${type}`;
}

/**
 * Keys that name an Object.prototype member (`__proto__`, `constructor`, `toString`,
 * `hasOwnProperty`…), at any depth. yup looks a key up among a schema's fields with a plain
 * property read, so such a key finds the inherited function instead of "no such field" and throws a
 * TypeError (a 500). They are data, never fields of ours: refused with a 422 naming each one.
 */
export function hostileKeys(value: unknown, prefix = '', depth = 0): string[] {
  if (value === null || typeof value !== 'object' || depth > 32) return [];
  // Only what JSON, a query string or a form can build: a file's bytes (a Buffer) or a Date are
  // values, and walking a 10 MB Buffer key by key would stall the event loop.
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return [];
  const found: string[] = [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const path = Array.isArray(value) ? `${prefix}[${key}]` : prefix ? `${prefix}.${key}` : key;
    if (!Array.isArray(value) && key in Object.prototype) found.push(path);
    found.push(...hostileKeys(child, path, depth + 1));
  }
  return found;
}

/** An object as JSON, a query string or a form builds it (a null prototype included). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Refuses input with hostile keys (see hostileKeys) with a 422 naming them. */
export function refuseHostileKeys(value: unknown, prefix = ''): void {
  const keys = hostileKeys(value, prefix);
  if (keys.length === 0) return;
  const errors: FieldErrors = {};
  for (const key of keys) {
    // defineProperty: `errors['__proto__'] = …` would set the prototype instead of a field.
    Object.defineProperty(errors, key, {
      value: [`The ${key} field is not allowed.`],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  throw new ValidationError(errors);
}

/**
 * Each object validate() returned, with the schema that made it. A route whose body (or query) is
 * its operation's very input schema hands the validated object on as the input, and the runner
 * finds it here instead of validating the same object against the same schema a second time
 * (src/core/operation.ts). Weak: the entry goes with the object.
 */
const validatedBy = new WeakMap<object, yup.Schema<any, any, any, any>>();

/** The schema that produced `value` (an object validate() returned, untouched since), if any. */
export function validatedWith(value: unknown): yup.Schema<any, any, any, any> | undefined {
  return typeof value === 'object' && value !== null ? validatedBy.get(value) : undefined;
}

/** Validates and casts; on failure throws a 422 listing every failing field. */
export async function validate<T = any>(
  schema: yup.Schema<T, any, any, any>,
  value: unknown,
  opts: { prefix?: string; json?: boolean; handOn?: boolean } = {},
): Promise<T> {
  refuseHostileKeys(value, opts.prefix);
  try {
    const valid = await schema.validate(value, {
      abortEarly: false,
      stripUnknown: true,
      ...(opts.json ? { context: { [JSON_CONTEXT]: true } } : {}),
    });
    // `handOn` (the HTTP pipeline's body and query): remembered for the runner, and frozen so that
    // "untouched since" holds: nothing can change the object after it was checked.
    if (opts.handOn && typeof valid === 'object' && valid !== null) {
      validatedBy.set(Object.freeze(valid), schema);
    }
    return valid;
  } catch (err) {
    if (err instanceof yup.ValidationError) throw new ValidationError(fieldErrors(err, opts.prefix));
    throw err;
  }
}

/** One field of a body through its own schema: the cast value, or undefined when it is not valid. */
export async function validField(
  schema: yup.ObjectSchema<any>,
  field: string,
  body: Record<string, unknown>,
): Promise<any> {
  try {
    return await (yup.reach(schema, field) as yup.Schema).validate(body[field], {
      context: { [JSON_CONTEXT]: true },
    });
  } catch {
    return undefined;
  }
}

export function fieldErrors(err: yup.ValidationError, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  const list = err.inner.length ? err.inner : [err];
  for (const e of list) {
    const path = [prefix, e.path].filter(Boolean).join('.') || 'body';
    (out[path] ??= []).push(...e.errors);
  }
  return out;
}

/**
 * The dates every date field of both services accepts (README, "Dates"), enforced here by the
 * program rather than by the database: SQLite stores any text, MySQL's DATE holds years 1000–9999,
 * and a date at the very end of that range breaks the arithmetic done on it (the day after a
 * deployment, the month after a lock: 9999-12-31 + 1 day is year 10000, which MySQL refuses). No
 * business date of either service lies outside these, and every day after one stays storable.
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;

/** The years of DATE_RANGE, for a field that names a year. */
export const DATE_RANGE_YEARS = {
  min: Number(DATE_RANGE.min.slice(0, 4)),
  max: Number(DATE_RANGE.max.slice(0, 4)),
} as const;

/** A date YYYY-MM-DD inside DATE_RANGE (text order is date order). */
export function inDateRange(date: string): boolean {
  return date >= DATE_RANGE.min && date <= DATE_RANGE.max;
}

/** A month YYYY-MM inside DATE_RANGE. */
export function inMonthRange(month: string): boolean {
  return month >= DATE_RANGE.min.slice(0, 7) && month <= DATE_RANGE.max.slice(0, 7);
}

/** An instant whose UTC date lies inside DATE_RANGE. */
export function instantInRange(at: Date): boolean {
  const ms = at.getTime();
  return !Number.isNaN(ms) && inDateRange(at.toISOString().slice(0, 10));
}

/** `The starts_on field must be a date from 1900-01-01 to 2999-12-31.` */
export function dateRangeMessage(
  path: string | undefined,
  what: 'date' | 'month' | 'instant' = 'date',
): string {
  const { min, max } = DATE_RANGE;
  const span =
    what === 'month'
      ? `${min.slice(0, 7)} to ${max.slice(0, 7)}`
      : what === 'instant'
        ? `${min}T00:00:00Z to ${max}T23:59:59Z`
        : `${min} to ${max}`;
  return `The ${path} field must be a${what === 'instant' ? 'n' : ''} ${what} from ${span}.`;
}

/** The yup test every date-like field adds (its params show the range in the OpenAPI document). */
function rangeTest(what: 'date' | 'month' | 'instant', inRange: (v: string) => boolean) {
  return {
    name: 'date-range',
    params: { what, min: DATE_RANGE.min, max: DATE_RANGE.max },
    message: ({ path }: { path?: string }) => dateRangeMessage(path, what),
    test: (v: unknown) => typeof v !== 'string' || inRange(v),
  };
}

/** The range test for an instant field whose own test parses it (`parse` returns null when it cannot). */
export function instantRangeTest(parse: (v: string) => Date | null) {
  return rangeTest('instant', (v) => {
    const at = parse(v);
    return at === null || instantInRange(at);
  });
}

/** A calendar date YYYY-MM-DD that really exists (2026-02-30 does not), inside DATE_RANGE. */
export function isoDate() {
  return yup
    .string()
    .matches(
      /^\d{4}-\d{2}-\d{2}$/,
      ({ path }) => `The ${path} field must be a date in the format YYYY-MM-DD.`,
    )
    .test(
      'real-date',
      ({ path }) => `The ${path} field must be a valid date.`,
      (v) => v == null || isRealDate(v),
    )
    .test(rangeTest('date', (v) => !isRealDate(v) || inDateRange(v)));
}

/** A pay month YYYY-MM, inside DATE_RANGE. */
export function isoMonth() {
  return yup
    .string()
    .matches(
      /^\d{4}-(0[1-9]|1[0-2])$/,
      ({ path }) => `The ${path} field must be a month in the format YYYY-MM.`,
    )
    .test(rangeTest('month', (v) => !/^\d{4}-(0[1-9]|1[0-2])$/.test(v) || inMonthRange(v)));
}

/** A date YYYY-MM-DD that exists on the calendar (any four-digit year; see DATE_RANGE for the range). */
export function isRealDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // Date.UTC reads years 0–99 as 1900–1999: such a date does not compare equal and is not real.
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/**
 * An ISO-8601 date-time whose calendar date and hour exist as written. Date() rolls 2026-02-30 over
 * to March 2nd and reads T24:00 as the next midnight; a field that takes an instant refuses both.
 */
export function isRealInstant(v: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})/.exec(v);
  return m !== null && isRealDate(m[1]) && Number(m[2]) < 24 && !Number.isNaN(Date.parse(v));
}

/**
 * A positive integer id, in a body, a query or a path. Given as text (a query or a path) only
 * decimal digits count: yup's number cast would also read `0x1`, `1e3` or ` 7 ` as ids.
 */
export function idNumber() {
  return yup
    .number()
    .transform((value: unknown, raw: unknown) =>
      typeof raw === 'string' && !/^[0-9]+$/.test(raw) ? Number.NaN : value,
    )
    .integer()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER);
}

/** An id in a path (`/employees/abc` is a 404, not a 500: see validateParams). */
export function idParam() {
  return idNumber().typeError('not-an-id').required();
}

/**
 * An input field only a person at the terminal names a record by (`--org ACME`, `--tenant happy-paws`):
 * the operation resolves it (refs.ts). A route's body and query, derived from the operation's input,
 * leave these out (src/core/routes.ts): HTTP names records by id, in the path.
 */
export function byName<S extends yup.Schema<any, any, any, any>>(schema: S): S {
  return schema.meta({ byName: true }) as S; // yup merges meta
}

/** The fields of `schema` marked byName. */
export function byNameFields(schema: yup.ObjectSchema<any>): string[] {
  return Object.entries(schema.fields)
    .filter(([, field]) => (field as yup.Schema).describe().meta?.byName === true)
    .map(([name]) => name);
}

export { yup };
