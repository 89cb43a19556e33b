// The process's log lines, batched: the daemon writes one access-log line per request, and a write
// to stdout (a file or a pipe) is a synchronous system call on Linux, the largest native cost of a
// cheap request in the profile. Lines are gathered and written in one write per turn of the event
// loop (setImmediate: after the I/O callbacks of that turn, so the lines of concurrent requests
// share it). Order is kept. The buffer is flushed on process exit (process.exit, an uncaught
// exception, the end of the event loop), so nothing logged before an exit is lost; only a SIGKILL
// can drop the last turn's lines, as it drops any process's unwritten buffer.
import type { Writable } from 'node:stream';

export interface LogSink {
  write(line: string): void;
  /** Writes what is buffered now (also done on process exit). */
  flush(): void;
}

const sinks = new WeakMap<Writable, LogSink>();

/** One sink per stream, so that every logger writing to it shares one buffer and one order. */
export function batchedSink(stream: Writable): LogSink {
  let sink = sinks.get(stream);
  if (!sink) {
    sink = createSink(stream);
    sinks.set(stream, sink);
  }
  return sink;
}

function createSink(stream: Writable): LogSink {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    stream.write(text);
  };
  // 'exit' listeners run synchronously, and stdout/stderr writes to files and pipes are synchronous
  // on Linux: the last lines reach the file before the process ends.
  process.on('exit', flush);
  return {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        // unref'd: a pending flush must not keep an otherwise finished process alive ('exit' flushes).
        setImmediate(flush).unref();
      }
    },
    flush,
  };
}
