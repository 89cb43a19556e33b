// Where outgoing mail goes, chosen once from the configuration: an SMTP server (MAIL_URL, through
// nodemailer), or, when MAIL_URL is empty, files: each message is composed by nodemailer exactly as
// it would go over SMTP (RFC 822, a plain-text and an HTML part) and written to
// MAIL_DIR/<timestamp>-<id>.eml, which any mail client opens. Tests point MAIL_URL at an SMTP server
// they start themselves, so the code under test is the code that runs.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import type { MailConfig } from '../config.js';
import { SECOND } from './clock.js';

/** One message as handed to the transport. */
export interface OutgoingMail {
  id: number;
  /** The Message-ID header, the same on every attempt at this message (see `outboxMessageId`). */
  messageId: string;
  /** `{ name, address }`; a bare string for rows written before sender names existed. */
  from: { name: string; address: string } | string;
  replyTo: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  date: Date;
}

/** What the transport reports once it accepted a message. */
export interface Accepted {
  messageId: string;
  /** The server's answer, or the file written. */
  response: string;
}

export interface MailTransport {
  /** `smtp://user@host:587` (never the password) or `file:./var/mail`. */
  readonly describe: string;
  /** Resolves once the server (or the disk) accepted the message; rejects with the reason otherwise. */
  send(mail: OutgoingMail): Promise<Accepted>;
}

/** A slow server is given up on after these; the job's lease is renewed by its heartbeat meanwhile. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 30 * SECOND,
  greetingTimeout: 30 * SECOND,
  socketTimeout: 60 * SECOND,
};

/**
 * The nodemailer transporter, made on the first message: nodemailer is loaded then, not by every
 * process that imports the mail path (the daemon's start, each test file, the CLI).
 */
function onFirstSend<T>(
  make: (mailer: (typeof import('nodemailer'))['default']) => Transporter<T>,
): () => Promise<Transporter<T>> {
  let made: Promise<Transporter<T>> | undefined;
  return () => (made ??= import('nodemailer').then((m) => make(m.default)));
}

function composed(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== null ? { html: mail.html } : {}),
    date: mail.date,
  };
}

export function smtpTransport(smtp: NonNullable<MailConfig['smtp']>): MailTransport {
  const transporter = onFirstSend<SMTPTransport.SentMessageInfo>((mailer) =>
    mailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
      ...SMTP_TIMEOUTS,
    }),
  );
  return {
    describe: smtp.display,
    async send(mail) {
      const info = await (await transporter()).sendMail(composed(mail));
      const refused: unknown[] = info.rejected ?? [];
      if (refused.length) throw new Error(`The server refused the recipient: ${String(info.response)}`);
      return { messageId: String(info.messageId), response: String(info.response ?? '') };
    },
  };
}

export function fileTransport(dir: string): MailTransport {
  const transporter = onFirstSend<StreamTransport.SentMessageInfo>((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return {
    describe: `file:${dir}`,
    async send(mail) {
      const info = await (await transporter()).sendMail(composed(mail));
      mkdirSync(dir, { recursive: true });
      const name = `${mail.date.toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`;
      const path = join(dir, name);
      // Written whole then renamed, so a mail client or a script never opens half a message.
      writeFileSync(`${path}.part`, info.message as Buffer, { mode: 0o600 });
      renameSync(`${path}.part`, path);
      return { messageId: String(info.messageId), response: `written to ${path}` };
    },
  };
}

const made = new WeakMap<MailConfig, MailTransport>();

/** The transport of this configuration, made on first use and kept (one per process and config). */
export function mailTransportFor(mail: MailConfig): MailTransport {
  let transport = made.get(mail);
  if (!transport) {
    transport = mail.smtp ? smtpTransport(mail.smtp) : fileTransport(mail.dir);
    made.set(mail, transport);
  }
  return transport;
}
