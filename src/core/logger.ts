// JSON-lines logger. One line per request and per job; secrets are never passed to it, and
// keys that look like secrets are masked as a second line of defence.
import type { Writable } from 'node:stream';
import type { LogFormat, LogLevel } from '../config.js';
import { batchedSink } from './log-sink.js';

export type { LogFormat };

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_KEY = /pass(word)?|secret|token|authorization|signature|api[_-]?key/i;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export function createLogger(
  level: LogLevel = 'info',
  stream: Writable = process.stdout,
  base: Record<string, unknown> = {},
  format: LogFormat = 'json',
): Logger {
  const threshold = ORDER[level];
  const pretty = format === 'pretty' || (format === 'auto' && Boolean((stream as { isTTY?: boolean }).isTTY));
  // The daemon's access log goes to stdout: batched, one write per turn of the event loop
  // (src/core/log-sink.ts). Any other stream (stderr, a test's) is written line by line.
  const out = stream === process.stdout ? batchedSink(stream) : stream;
  // The base fields (a child's `listener`…) as JSON once, not on every line: the access log writes a
  // line per request, and building and stringifying one object per line was most of its cost.
  const maskedBase = mask(base);
  const baseJson = Object.keys(base).length ? JSON.stringify(maskedBase).slice(1, -1) : '';
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < threshold) return;
    const time = new Date().toISOString();
    if (pretty) {
      out.write(prettyLine({ time, level: lvl, msg, ...maskedBase, ...mask(fields ?? {}) }) + '\n');
      return;
    }
    // Key order as before: time, level, msg, the base fields, then the line's own (which win a clash).
    const own = fields ? JSON.stringify(mask(fields)) : '{}';
    const clash = fields !== undefined && hasClash(fields, base);
    const line = clash
      ? JSON.stringify({ time, level: lvl, msg, ...maskedBase, ...mask(fields!) })
      : `{"time":"${time}","level":"${lvl}","msg":${JSON.stringify(msg)}${baseJson ? ',' + baseJson : ''}${own.length > 2 ? ',' + own.slice(1) : '}'}`;
    out.write(line + '\n');
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, stream, { ...base, ...fields }, format),
  };
}

export const silentLogger: Logger = createLogger('silent');

/** A line's own field named like a fixed one or a base field: it takes that place, as a spread would. */
function hasClash(fields: Record<string, unknown>, base: Record<string, unknown>): boolean {
  for (const k in fields) if (k === 'time' || k === 'level' || k === 'msg' || k in base) return true;
  return false;
}

/** Whether a key looks like a secret's, remembered per key (the same few keys come on every line). */
const secretKeys = new Map<string, boolean>();
function isSecretKey(k: string): boolean {
  let secret = secretKeys.get(k);
  if (secret === undefined) {
    secret = SECRET_KEY.test(k);
    if (secretKeys.size < 1000) secretKeys.set(k, secret);
  }
  return secret;
}

function mask(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // for…in over the caller's own literal: no entries array per line.
  for (const k in fields) {
    const v = fields[k];
    if (isSecretKey(k) && v !== undefined && v !== null) out[k] = '[redacted]';
    else if (v instanceof Error) out[k] = { name: v.name, message: v.message, stack: v.stack };
    else out[k] = v;
  }
  return out;
}

/**
 * `10:04:05.123 INFO  request GET /api/v1/me 200 3.2ms  listener=workforce request_id=…`: the
 * request's essentials first, the other fields as key=value (objects as JSON, errors by message).
 */
export function prettyLine(line: Record<string, unknown>): string {
  const { time, level, msg, method, path, status, duration_ms, ...rest } = line;
  const head = [
    String(time).slice(11, 23),
    String(level).toUpperCase().padEnd(5),
    msg,
    ...(method ? [method, path, status, duration_ms !== undefined ? `${duration_ms}ms` : ''] : []),
  ]
    .filter((p) => p !== '' && p !== undefined)
    .join(' ');
  const tail = Object.entries(rest).map(([k, v]) => {
    const value =
      v && typeof v === 'object' && 'message' in (v as object)
        ? String((v as { message: unknown }).message)
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
    return `${k}=${/\s/.test(value) ? JSON.stringify(value) : value}`;
  });
  return tail.length ? `${head}  ${tail.join(' ')}` : head;
}
