// Issue 26, point 4: every date-like field of both contracts (dates, months, instants, years), in
// every route's params, query and body, every operation's input and the import document, accepts
// the one documented range (core/validation.ts DATE_RANGE) and names the field with a 422 outside
// it. The rule is the program's, so SQLite (which stores any text) refuses what MySQL would.
import test from 'ava';
import type { AnySchema } from 'yup';
import { DATE_RANGE, DATE_RANGE_YEARS, yup } from '../../src/core/validation.js';
import type { AnyOperation } from '../../src/core/operation.js';
import type { Route } from '../../src/core/routes.js';
import { buildOpenApi } from '../../src/http/openapi.js';
import { clinicOperations } from '../../src/clinic/operations.js';
import { clinicApiInfo, clinicRoutes } from '../../src/clinic/routes.js';
import { workforceOperations } from '../../src/workforce/operations.js';
import { workforceApiInfo, workforceRoutes } from '../../src/workforce/routes.js';
import { importSchema } from '../../src/workforce/import/schema.js';
import { checkAttendanceRows } from '../../src/workforce/import/attendance-rows.js';

type Kind = 'date' | 'month' | 'instant' | 'year';

interface Field {
  where: string;
  schema: AnySchema;
  /** Path of the field in a value of `schema` (`ends_on`, `deployments[0].ends_on`). */
  path: string;
  kind: Kind;
}

const MONTH_PATTERN = '(0[1-9]|1[0-2])$';

function kindOf(d: any, name: string): Kind | null {
  const tests: any[] = d.tests ?? [];
  if (tests.some((t) => t.name === 'real-date')) return 'date';
  if (tests.some((t) => ['iso-instant', 'instant', 'real-instant'].includes(t.name))) return 'instant';
  if (tests.some((t) => t.name === 'matches' && String(t.params?.regex).includes(MONTH_PATTERN)))
    return 'month';
  if (d.type === 'number' && name === 'year') return 'year';
  return null;
}

/** The date-like fields of an object schema, one level of arrays of objects deep. */
function dateFields(where: string, schema: AnySchema | undefined): Field[] {
  if (!schema) return [];
  const out: Field[] = [];
  const walk = (d: any, prefix: string) => {
    for (const [name, f] of Object.entries<any>(d.fields ?? {})) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (f.type === 'object') walk(f, path);
      else if (f.type === 'array' && f.innerType?.type === 'object') walk(f.innerType, `${path}[0]`);
      else {
        const kind = kindOf(f, name);
        if (kind) out.push({ where, schema, path, kind });
      }
    }
  };
  walk(schema.describe(), '');
  return out;
}

const catalogues: Array<[string, AnyOperation[], Route[]]> = [
  ['workforce', workforceOperations, workforceRoutes],
  ['clinic', clinicOperations, clinicRoutes],
];
const fields: Field[] = [];
for (const [name, operations, routes] of catalogues) {
  for (const op of operations) fields.push(...dateFields(`${name} ${op.name}`, op.input));
  for (const r of routes) {
    for (const part of ['params', 'query', 'body'] as const) {
      fields.push(...dateFields(`${name} ${r.method} ${r.path} ${part}`, r[part] as AnySchema | undefined));
    }
  }
}
fields.push(...dateFields('import document', importSchema as AnySchema));

const outside: Record<Kind, unknown[]> = {
  date: ['1899-12-31', '3000-01-01', '9999-12-31', '0999-01-01'],
  month: ['1899-12', '3000-01', '9999-12'],
  instant: ['1899-12-31T23:59:59Z', '3000-01-01T00:00:00Z', '9999-12-31T23:00:00Z'],
  year: [DATE_RANGE_YEARS.min - 1, DATE_RANGE_YEARS.max + 1, 9999],
};
const inside: Record<Kind, unknown[]> = {
  date: [DATE_RANGE.min, DATE_RANGE.max],
  month: [DATE_RANGE.min.slice(0, 7), DATE_RANGE.max.slice(0, 7)],
  instant: [`${DATE_RANGE.min}T00:00:00Z`, `${DATE_RANGE.max}T23:59:00Z`],
  year: [DATE_RANGE_YEARS.min, DATE_RANGE_YEARS.max],
};

/** A value of the schema with only `path` set (`a[0].b` → {a: [{b: value}]}). */
function withValue(path: string, value: unknown): Record<string, unknown> {
  const root: any = {};
  let node = root;
  const parts = path.split('.');
  parts.forEach((part, i) => {
    const m = /^(.+)\[0\]$/.exec(part);
    const last = i === parts.length - 1;
    if (m) {
      node[m[1]] = [{}];
      node = node[m[1]][0];
    } else if (last) node[part] = value;
    else node = node[part] = {};
  });
  return root;
}

async function errorsAt(schema: AnySchema, path: string, value: unknown): Promise<string[]> {
  try {
    await schema.validate(withValue(path, value), { abortEarly: false, stripUnknown: true });
    return [];
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    return err.inner.filter((e) => e.path === path).flatMap((e) => e.errors);
  }
}

test('the walk finds the date fields of both contracts', (t) => {
  const found = new Set(fields.map((f) => `${f.where.split(' ')[0]}:${f.path}`));
  for (const expected of [
    'workforce:ends_on',
    'workforce:starts_on',
    'workforce:last_working_day',
    'workforce:effective_date',
    'workforce:month',
    'workforce:from',
    'workforce:at',
    'workforce:on',
    'workforce:year',
    'clinic:date_of_birth',
    'clinic:scheduled_at',
    'clinic:logged_at',
    'clinic:since',
    'clinic:due_date',
    'clinic:administered_at',
    'clinic:next_due_at',
    'clinic:document_date',
    'import:deployments[0].ends_on',
  ]) {
    t.true(found.has(expected), expected);
  }
});

test('every date field refuses a value outside the range, naming the field and the range', async (t) => {
  t.true(fields.length > 30, `${fields.length} fields`);
  for (const f of fields) {
    for (const value of outside[f.kind]) {
      const errors = await errorsAt(f.schema, f.path, value);
      t.true(
        errors.some(
          (e) =>
            e.includes(`from ${DATE_RANGE.min.slice(0, f.kind === 'month' ? 7 : 10)}`) ||
            /at least|greater than/.test(e),
        ),
        `${f.where} ${f.path} = ${value}: ${JSON.stringify(errors)}`,
      );
    }
    for (const value of inside[f.kind]) {
      const errors = await errorsAt(f.schema, f.path, value);
      t.false(
        errors.some((e) => e.includes(' from 1900') || /at least|greater than/.test(e)),
        `${f.where} ${f.path} = ${value} is inside: ${JSON.stringify(errors)}`,
      );
    }
  }
});

test("the import document's attendance rows (checked without yup) keep the same range", (t) => {
  const errors: Record<string, string[]> = {};
  checkAttendanceRows(
    [
      { employee_id: 'E1', date: '3000-01-01', status: 'present' },
      { employee_id: 'E1', date: '1899-12-31', status: 'present' },
      { employee_id: 'E1', date: DATE_RANGE.max, status: 'present' },
    ],
    errors,
    50,
  );
  t.deepEqual(errors, {
    'attendance[0].date': ['must be a date from 1900-01-01 to 2999-12-31'],
    'attendance[1].date': ['must be a date from 1900-01-01 to 2999-12-31'],
  });
});

test('the OpenAPI documents state the range on every date field', (t) => {
  for (const [info, routes] of [
    [workforceApiInfo, workforceRoutes],
    [clinicApiInfo, clinicRoutes],
  ] as const) {
    const doc = JSON.stringify(buildOpenApi(info as any, routes as Route[]));
    t.regex(doc, /date from 1900-01-01 to 2999-12-31/);
  }
  const doc = buildOpenApi(workforceApiInfo as any, workforceRoutes) as any;
  const body = doc.paths['/api/v1/deployments'].post.requestBody.content['application/json'].schema;
  t.regex(body.properties.ends_on.description, /date from 1900-01-01 to 2999-12-31/);
});
