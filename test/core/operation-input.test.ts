// runOperation's fast path for operations without input fields (GET /me, /ping): the same answers
// as yup's validate, input for input, so skipping yup changes nothing a client can see.
import test from 'ava';
import type { Knex } from 'knex';
import type { AnySchema } from 'yup';
import { ValidationError } from '../../src/core/errors.js';
import { silentLogger } from '../../src/core/logger.js';
import { defineRead, runOperation, type Policy } from '../../src/core/operation.js';
import type { Services } from '../../src/core/services.js';
import { validate, yup } from '../../src/core/validation.js';

const policy: Policy<null> = {
  admit: () => true,
  authorize: async () => {},
  scopes: async () => null,
  account: () => 1,
  writeAudit: async () => {},
};
const ctx = {
  services: { db: {} as Knex, logger: silentLogger } as unknown as Services,
  actor: null,
  policy,
};

const echo = (input: AnySchema) =>
  defineRead('probe.echo', 'public', {
    summary: 'returns its validated input',
    input,
    run: async (_ctx, value) => value,
  });

/** The outcome of a call as data: the value, or the 422's status and field errors. */
async function outcome(work: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await work() };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return { status: err.status, errors: err.errors };
  }
}

const inputs: Array<[string, unknown]> = [
  ['nothing', undefined],
  ['an empty object', {}],
  ['unknown fields', { a: 1, nested: { b: 2 } }],
  ['an object without prototype', Object.assign(Object.create(null), { a: 1 })],
  ['null', null],
  ['an array', [1]],
  ['a string', 'x'],
  ['a number', 3],
  ['a hostile key', JSON.parse('{"__proto__": {"x": 1}, "constructor": 1}')],
  ['a nested hostile key', { a: { toString: 1 } }],
];

for (const [what, input] of inputs) {
  test(`an operation without input fields answers ${what} as yup does`, async (t) => {
    const schema = yup.object({});
    const fast = await outcome(() => runOperation(echo(schema), ctx, input));
    const slow = await outcome(() => validate(yup.object({}), input ?? {}));
    t.deepEqual(fast, slow);
  });
}

test('the fast path refuses what yup refuses: hostile keys and non-objects are 422s', async (t) => {
  const op = echo(yup.object({}));
  const hostile = await t.throwsAsync(runOperation(op, ctx, JSON.parse('{"__proto__": 1}')), {
    instanceOf: ValidationError,
  });
  t.deepEqual(Object.keys(hostile!.errors), ['__proto__']);
  await t.throwsAsync(runOperation(op, ctx, [1]), { instanceOf: ValidationError });
  t.deepEqual(await runOperation(op, ctx, { unexpected: true }), {});
});

test('schemas that do more than an empty object still go through yup (tests, fields, noUnknown)', async (t) => {
  const refused = yup.object({}).test('never', 'The request body is refused.', () => false) as ReturnType<
    typeof yup.object
  >;
  const err = await t.throwsAsync(runOperation(echo(refused), ctx, {}), { instanceOf: ValidationError });
  t.deepEqual(err!.errors, { body: ['The request body is refused.'] });
  const withField = echo(yup.object({ n: yup.number().required() }));
  await t.throwsAsync(runOperation(withField, ctx, {}), { instanceOf: ValidationError });
  t.deepEqual(await runOperation(withField, ctx, { n: '2', extra: 1 }), { n: 2 });
  const noUnknown = yup.object({}).noUnknown();
  t.deepEqual(
    await outcome(() => runOperation(echo(noUnknown), ctx, { unexpected: true })),
    await outcome(() => validate(noUnknown, { unexpected: true })),
  );
});

// A route whose body (or query) is its operation's very input schema: the pipeline validated the
// body with that schema (`handOn`), and the runner takes the object as it is instead of validating
// it a second time; anything else is validated by the runner as always.
test('the runner validates once an input the pipeline validated with the same schema', async (t) => {
  let checks = 0;
  const schema = yup.object({
    n: yup
      .number()
      .required()
      .test('counted', 'never fails', () => ++checks > 0),
  });
  const op = echo(schema);
  const handed = await validate(schema, { n: '4' }, { handOn: true });
  t.is(checks, 1);
  t.deepEqual(await runOperation(op, ctx, handed), { n: 4 });
  t.is(checks, 1, 'not validated again');
  t.true(Object.isFrozen(handed), 'and nothing could change it since');

  // The same content in another object, or validated without handOn, or by another schema: validated.
  await runOperation(op, ctx, { n: 4 });
  t.is(checks, 2);
  await runOperation(op, ctx, await validate(schema, { n: 4 }));
  t.is(checks, 4);
  const other = yup.object({ n: yup.number().required() });
  await runOperation(op, ctx, await validate(other, { n: 4 }, { handOn: true }));
  t.is(checks, 5);
  t.deepEqual(await outcome(() => runOperation(op, ctx, { n: 'x' })), {
    status: 422,
    errors: { n: ['The n field must be a number.'] },
  });
});
