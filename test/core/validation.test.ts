// Validation messages name the field in words a client can show: a nullable enum lists its real
// choices, and a body that is not an object is "the request body", never yup's "this".
import test from 'ava';
import { ValidationError } from '../../src/core/errors.js';
import { validate, yup } from '../../src/core/validation.js';

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
