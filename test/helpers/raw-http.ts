// HTTP/1.1 by hand over one socket, for tests that care which connection a request travels on
// (keep-alive, a body sent in two halves) and what the server says about the connection.
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  readonly socket: Socket;
  private buffer = '';
  private waiters: Array<() => void> = [];
  closed: Promise<void>;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('error', () => {});
    this.socket.on('data', (d) => {
      this.buffer += d.toString('latin1');
      this.waiters.splice(0).forEach((w) => w());
    });
    this.closed = new Promise((resolve) =>
      this.socket.on('close', () => {
        resolve();
        this.waiters.splice(0).forEach((w) => w());
      }),
    );
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** The next complete response (Content-Length framed); rejects if the connection closes first. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.socket.destroyed)
        throw new Error(`connection closed; received ${JSON.stringify(this.buffer)}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private take(): RawResponse | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end === -1) return null;
    const [statusLine, ...lines] = this.buffer.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return null;
    const body = this.buffer.slice(end + 4, end + 4 + length);
    this.buffer = this.buffer.slice(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}
