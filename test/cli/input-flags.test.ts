// The flags a command derives from its operation's input (src/cli/input-flags.ts, issue 27): a
// field's flag, its type, and a bad value refused with the flag's name.
import test from 'ava';
import { ValidationError } from '../../src/core/errors.js';
import { idNumber, validate, yup } from '../../src/core/validation.js';
import { inputFlags, inputNames, inputOf, namingFlags } from '../../src/cli/input-flags.js';
import { flagKey } from '../../src/cli/command.js';

const input = yup.object({
  tenant_id: idNumber().required(),
  client_id: idNumber().required().meta({ description: 'the client billed' }),
  due_date: yup.string().nullable(),
  duration_minutes: yup.number().integer().min(5).max(480),
  status: yup.string().oneOf(['unpaid', 'estimate']),
  items: yup.array(yup.string()),
  fix: yup.boolean(),
});

const flags = inputFlags(input, { skip: ['tenant_id'], fields: { client_id: '--client <id>' } });
const byField = (field: string) => flags.find((f) => f.field === field)!;

test('each field is a flag named after it, with its description and required-ness', (t) => {
  t.deepEqual(
    flags.map((f) => f.flags),
    [
      '--client <id>',
      '--due-date <date>',
      '--duration-minutes <minutes>',
      '--status <status>',
      '--items <items>',
      '--fix',
    ],
    'tenant_id is skipped; client_id takes its documented name',
  );
  t.is(byField('client_id').description, 'the client billed');
  t.true(byField('client_id').required);
  t.is(byField('client_id').prompt, 'Client id?');
  t.false(byField('due_date').required);
  t.is(byField('status').description, 'one of unpaid, estimate');
  t.true(byField('items').repeatable, 'a list is a repeatable flag');
});

test('a declaration naming no field of the input is refused', (t) => {
  t.throws(() => inputFlags(input, { fields: { client: '--client <id>' } }), { message: /no field client/ });
});

test('the input holds the given flags parsed by their field’s type', (t) => {
  const given = { client: '7', dueDate: '2026-03-01', durationMinutes: '45', items: ['a', 'b'], fix: true };
  t.deepEqual(inputOf(input, { flags }, {}, given), {
    client_id: 7,
    due_date: '2026-03-01',
    duration_minutes: 45,
    items: ['a', 'b'],
    fix: true,
  });
  t.deepEqual(inputOf(input, { flags }, {}, {}), {}, 'a flag left out fills nothing');
  t.is(flagKey('--duration-minutes <minutes>'), 'durationMinutes');
});

test('a bad value is refused naming the flag that carried it', async (t) => {
  const given = inputOf(input, { flags }, {}, { client: '7', durationMinutes: 'soon', status: 'paid' });
  const err = await t.throwsAsync(
    namingFlags(inputNames({ flags }), () => validate(input, { ...given, tenant_id: 1 })),
    { instanceOf: ValidationError },
  );
  t.deepEqual(Object.keys(err.errors).sort(), ['--duration-minutes', '--status']);
  t.regex(err.errors['--duration-minutes'][0], /The --duration-minutes field must be a number/);
  t.regex(err.message, /--duration-minutes|--status/);
});
