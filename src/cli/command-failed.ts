// Something a command attempted did not succeed (a push with failed batches, an invalid signature):
// exit 1, the message and its lines on stderr; with --json the details are the one JSON document.
import { AppError } from '../core/errors.js';

export class CommandFailed extends AppError {
  constructor(message: string, code: string, details: Record<string, unknown>, errors = {}) {
    super(500, message, { code, details, errors });
  }
}
