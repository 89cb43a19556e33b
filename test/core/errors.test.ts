// Expected 4xx errors are cheap (no stack captured); 5xx errors keep their stack for the log.
import test from 'ava';
import { AppError, NotFoundError, UnauthorizedError, ValidationError } from '../../src/core/errors.js';

test('4xx errors carry no stack frames; 5xx errors do; the global limit is left as it was', (t) => {
  const limit = Error.stackTraceLimit;
  for (const err of [new UnauthorizedError(), new NotFoundError(), ValidationError.field('x', 'bad')]) {
    t.is(err.stack?.split('\n').length, 1, err.name);
    t.true(err.stack?.startsWith(`${err.name}: `));
  }
  const fault = new AppError(500, 'boom');
  t.true((fault.stack?.split('\n').length ?? 0) > 1);
  t.is(Error.stackTraceLimit, limit);
  t.is(new UnauthorizedError().status, 401);
  t.true(new UnauthorizedError() instanceof AppError);
});
