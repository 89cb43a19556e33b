// What a route handler returns when it needs more than "200 with this JSON".
import type { Readable } from 'node:stream';

export class Reply {
  private constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string>,
    readonly stream?: Readable,
    readonly contentType?: string,
  ) {}

  static json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
    return new Reply(status, body, headers);
  }

  static text(status: number, text: string, headers: Record<string, string> = {}): Reply {
    return new Reply(status, text, headers, undefined, 'text/plain; charset=utf-8');
  }

  static html(status: number, html: string, headers: Record<string, string> = {}): Reply {
    return new Reply(status, html, headers, undefined, 'text/html; charset=utf-8');
  }

  static noContent(headers: Record<string, string> = {}): Reply {
    return new Reply(204, undefined, headers);
  }

  /** Streams a body (CSV, a JSON array written row by row…); never buffered, never replayed. */
  static stream(
    status: number,
    stream: Readable,
    contentType: string,
    headers: Record<string, string> = {},
  ): Reply {
    return new Reply(status, undefined, headers, stream, contentType);
  }
}
