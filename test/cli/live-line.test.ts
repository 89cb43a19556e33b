// The live line (src/cli/progress.ts): it only ever rewrites its own line, erases it exactly once,
// never wraps, and draws nothing off a terminal (issue 25: spinners erased the lines above them).
import test from 'ava';
import { liveLine, type LineStream } from '../../src/cli/progress.js';

const ESC = String.fromCharCode(27);

function fakeTerminal(columns = 80): LineStream & { sent: string } {
  const stream = { isTTY: true, columns, sent: '', write: (s: string) => (stream.sent += s) };
  return stream;
}

test('it draws on its own line, never moves the cursor up, and erases once on stop', (t) => {
  const term = fakeTerminal();
  const line = liveLine('Applying migration 1 of 3', term)!;
  line.update('Applying migration 2 of 3');
  line.stop();
  line.stop(); // a second stop sends nothing
  t.regex(term.sent, /Applying migration 2 of 3/);
  // Only carriage returns and erase-to-end-of-line: no cursor-up (A), no erase of the screen (J)
  // or of whole lines (2K), which would reach the lines above it.
  const escapes = term.sent.match(new RegExp(`${ESC}\\[[0-9;]*[A-Za-z]`, 'g')) ?? [];
  t.true(escapes.length > 0);
  for (const e of escapes) t.is(e, `${ESC}[K`);
  t.true(term.sent.endsWith(`\r${ESC}[K`));
  t.false(term.sent.endsWith(`\r${ESC}[K\r${ESC}[K`)); // erased exactly once
});

test('a long text is cut to the width so the line never wraps', (t) => {
  const term = fakeTerminal(40);
  const line = liveLine('x'.repeat(100), term)!;
  line.stop();
  const drawn = term.sent.split(`\r${ESC}[K`).filter(Boolean);
  for (const d of drawn) t.true(d.length < 40, d);
  t.regex(drawn[0], /…$/);
});

test('a label that is a function is read again on every frame (a countdown)', async (t) => {
  const term = fakeTerminal();
  let n = 3;
  const line = liveLine(() => `retrying in ${n} s`, term)!;
  n = 2;
  await new Promise((r) => setTimeout(r, 250)); // a frame or two; the assertion is on text, not time
  line.stop();
  t.regex(term.sent, /retrying in 3 s/);
  t.regex(term.sent, /retrying in 2 s/);
});

test('off a terminal it draws nothing', (t) => {
  const stream = { isTTY: false, sent: '', write: (s: string) => (stream.sent += s) };
  t.is(liveLine('Seeding…', stream), null);
  t.is(stream.sent, '');
});
