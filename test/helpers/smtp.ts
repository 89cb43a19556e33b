// A real SMTP server for tests (smtp-server) on 127.0.0.1, which parses what arrives (mailparser).
// It can ask for a login, refuse recipients, and be stopped and started again on the same port (a
// server that is down, then up again).
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  /** What arrived, parsed, in order. */
  received: ParsedMail[];
  /** Recipients to refuse with a 550 while set. */
  refuse: Set<string>;
  /**
   * How many of the next messages to keep but answer with a 451 anyway, as a server whose answer
   * was lost: the message arrived, the sender believes it did not.
   */
  loseAnswers: { count: number };
  /** MAIL_URL for this server (with the login when it asks for one). */
  url: string;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startSmtp(opts: { user?: string; password?: string } = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const refuse = new Set<string>();
  const loseAnswers = { count: 0 };
  const make = () =>
    new SMTPServer({
      hideSTARTTLS: true, // no certificate here: plain SMTP on the loopback
      allowInsecureAuth: true,
      authOptional: !opts.user,
      disabledCommands: opts.user ? [] : ['AUTH'],
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === opts.user && auth.password === opts.password) cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, cb) {
        if (refuse.has(address.address.toLowerCase())) {
          const err = new Error(`Mailbox ${address.address} unavailable`) as Error & { responseCode: number };
          err.responseCode = 550;
          return cb(err);
        }
        cb();
      },
      onData(stream, _session, cb) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            if (loseAnswers.count <= 0) return cb();
            loseAnswers.count--;
            const err = new Error('Answer lost on the way back') as Error & { responseCode: number };
            err.responseCode = 451;
            cb(err);
          })
          .catch(cb);
      },
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const login = opts.user
    ? `${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.password ?? '')}@`
    : '';
  let running = true;
  return {
    port,
    received,
    refuse,
    loseAnswers,
    url: `smtp://${login}127.0.0.1:${port}`,
    async stop() {
      if (!running) return;
      running = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      if (running) return;
      server = make();
      await listen(port);
      running = true;
    },
  };
}
