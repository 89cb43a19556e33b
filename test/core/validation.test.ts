// Validation messages name the field in words a client can show: a nullable enum lists its real
// choices, and a body that is not an object is "the request body", never yup's "this".
import test from 'ava';
import { ValidationError } from '../../src/core/errors.js';
import { idNumber, validate, yup } from '../../src/core/validation.js';

const schema = yup.object({
  appetite: yup.string().nullable().oneOf(['normal', 'reduced', null]),
  name: yup.string().trim().required(),
});

async function errorsOf(value: unknown) {
  const err = await validate(schema, value).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ValidationError)) throw new Error('expected a ValidationError');
  return err.errors;
}

test('a nullable enum lists its choices without an empty entry for null', async (t) => {
  const errors = await errorsOf({ appetite: 'hungry', name: 'Rex' });
  t.deepEqual(errors, { appetite: ['The appetite field must be one of: normal, reduced.'] });
});

test('a body that is not an object is named as the request body', async (t) => {
  const errors = await errorsOf([]);
  t.deepEqual(errors, { body: ['The request body must be an object.'] });
});

test('null is still accepted by the nullable enum, and a missing field is named', async (t) => {
  t.deepEqual(await errorsOf({ appetite: null }), { name: ['The name field is required.'] });
});

test('JSON bodies: a value of the wrong type is a 422 naming the field, not cast', async (t) => {
  const body = yup.object({
    n: yup.number().integer(),
    s: yup.string(),
    b: yup.boolean(),
    list: yup.array(yup.object({ id: idNumber() })),
  });
  const err = await validate(body, { n: '1', s: 2, b: 'true', list: [{ id: '3' }] }, { json: true }).catch(
    (e: unknown) => e,
  );
  t.true(err instanceof ValidationError);
  t.deepEqual(Object.keys((err as ValidationError).errors).sort(), ['b', 'list[0].id', 'n', 's']);
  // The same values as text (a query string, a CLI flag) are still read.
  t.deepEqual(await validate(body, { n: '1', s: 'x', b: 'true', list: [{ id: '3' }] }), {
    n: 1,
    s: 'x',
    b: true,
    list: [{ id: 3 }],
  });
});

test('JSON bodies: a schema’s own transforms still run on a value of another type', async (t) => {
  const blankIsMissing = yup.object({
    n: yup
      .number()
      .transform((v: unknown, raw: unknown) => (raw === '' ? undefined : v))
      .optional(),
  });
  t.deepEqual(await validate(blankIsMissing, { n: '' }, { json: true }), {});
  await t.throwsAsync(validate(blankIsMissing, { n: 'x' }, { json: true }), { instanceOf: ValidationError });
});

test('ids given as text take decimal digits only', async (t) => {
  const query = yup.object({ id: idNumber() });
  for (const bad of ['0x1', '1e3', ' 7', '-1', '1.5', 'abc']) {
    await t.throwsAsync(validate(query, { id: bad }), { instanceOf: ValidationError }, bad);
  }
  t.deepEqual(await validate(query, { id: '007' }), { id: 7 });
});
