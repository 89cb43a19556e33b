// Typed errors with an HTTP status and, where a client must branch on it, a stable code.
// The HTTP kernel turns them into `{message, errors, code?}`; the CLI into exit code 2 (4xx) or 1.

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors: FieldErrors;
  /** Extra top-level body fields (e.g. the existing lock id on a 409). */
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  /** A rule refused the request although the contract answers it with a 5xx (see isUserError). */
  readonly refusal: boolean;

  constructor(
    status: number,
    message: string,
    opts: {
      code?: string;
      errors?: FieldErrors;
      details?: Record<string, unknown>;
      headers?: Record<string, string>;
      refusal?: boolean;
    } = {},
  ) {
    // A 4xx is an answer, not a fault: it is thrown on every refused request (an unknown token, a
    // bad field), and capturing its stack was the largest single cost of such a request in the
    // profile (docs/benchmarks.md). Nobody reads it: the 4xx is never logged with its stack. 5xx
    // errors keep theirs for the log.
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = new.target.name;
    this.status = status;
    this.code = opts.code;
    this.errors = opts.errors ?? {};
    this.details = opts.details;
    this.headers = opts.headers;
    this.refusal = opts.refusal ?? false;
  }

  /**
   * A failure the caller caused (4xx, or a refusal the contract answers with a 5xx, such as the last
   * active unit's retirement): the CLI exits with 2, nothing having changed.
   */
  get isUserError(): boolean {
    return (this.status >= 400 && this.status < 500) || this.refusal;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, errors?: FieldErrors, code = 'MALFORMED_BODY') {
    super(400, message, { errors, code });
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message?: string) {
    super(422, message ?? firstMessage(errors) ?? 'The given data was invalid.', {
      errors,
      code: 'VALIDATION_FAILED',
    });
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthenticated.') {
    super(401, message, { code: 'UNAUTHENTICATED' });
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'This action is unauthorized.', code = 'FORBIDDEN') {
    super(403, message, { code });
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message, { code: 'NOT_FOUND' });
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT', details?: Record<string, unknown>) {
    super(409, message, { code, details });
  }
}

export class LockedError extends AppError {
  constructor(message: string, code = 'LOCKED') {
    super(423, message, { code });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limit: number) {
    super(413, `Request body is larger than ${limit} bytes.`, { code: 'PAYLOAD_TOO_LARGE' });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSeconds: number, message = 'Too many requests.') {
    super(429, message, {
      code: 'RATE_LIMITED',
      headers: { 'Retry-After': String(retryAfterSeconds) },
      details: { retry_after: retryAfterSeconds },
    });
  }
}

/** A service the request needs is down (the database): 503 with Retry-After; not the caller's fault. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string, code = 'SERVICE_UNAVAILABLE', retryAfterSeconds = 5) {
    super(503, message, {
      code,
      headers: { 'Retry-After': String(retryAfterSeconds) },
      details: { retry_after: retryAfterSeconds },
    });
  }
}

/** A command-line mistake: missing flag, bad value. Exit code 2. */
export class UsageError extends AppError {
  constructor(message: string, errors?: FieldErrors) {
    super(400, message, { code: 'USAGE', errors });
  }
}

function firstMessage(errors: FieldErrors): string | undefined {
  for (const messages of Object.values(errors)) if (messages.length) return messages[0];
  return undefined;
}
