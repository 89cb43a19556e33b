// Progress for work longer than a second: one status line on stderr, with a spinner, while it runs,
// gone once it ends (the result takes its place). It only ever rewrites the one line it drew:
// carriage return and erase-to-end-of-line, never a cursor move up, so nothing above it (the
// command typed, the previous output) can be erased; it is erased once, on stop. The text is cut to
// the terminal's width so the line never wraps (a wrapped line could not be erased in place).
// Off a terminal nothing is drawn: stdout stays the result, stderr stays quiet for cron.

export type Label = string | (() => string);
export type Report = (label: Label) => void;

export interface LiveLine {
  /** A new text; a function is read again on every frame (a countdown). */
  update: Report;
  /** Erases the line (once); safe to call more than once. */
  stop(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 100;
const ERASE = '\r\x1b[K';

/** What liveLine writes to and reads the width of: stderr, or a test's stand-in. */
export interface LineStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** A status line on stderr that the caller updates and stops; null off a terminal. */
export function liveLine(label: Label, stream: LineStream = process.stderr): LiveLine | null {
  if (!stream.isTTY) return null;
  let current = label;
  let frame = 0;
  let stopped = false;
  const draw = () => {
    const text = typeof current === 'function' ? current() : current;
    const width = (stream.columns || 80) - 1; // the last column would wrap on some terminals
    const line = `${FRAMES[frame]} ${text}`.replace(/\s+/g, ' ');
    stream.write(ERASE + (line.length > width ? `${line.slice(0, width - 1)}…` : line));
  };
  draw();
  const timer = setInterval(() => {
    frame = (frame + 1) % FRAMES.length;
    draw();
  }, FRAME_MS);
  timer.unref(); // a line left running never keeps the process alive
  // A run that ends without stopping it (an uncaught error, process.exit) still leaves no line.
  const atExit = () => stop();
  process.once('exit', atExit);
  function stop() {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    process.off('exit', atExit);
    stream.write(ERASE);
  }
  return {
    update: (next) => {
      if (stopped) return;
      current = next;
      draw();
    },
    stop,
  };
}

export async function withProgress<T>(label: Label, work: (report: Report) => Promise<T>): Promise<T> {
  const line = liveLine(label);
  try {
    return await work(line ? line.update : () => {});
  } finally {
    line?.stop();
  }
}
