// The real `wfctl` on a real pseudo-terminal: tmux runs it in a detached session of a given size,
// `type` sends keys, `screen` reads what a person would see. Waits are for a condition on the
// screen (bounded), never a fixed sleep.
import { execFileSync } from 'node:child_process';
import test from 'ava';
import { randomBytes } from 'node:crypto';
import { COMMAND, ROOT } from './cli.js';

export interface Terminal {
  /** Sends keys as tmux send-keys does (`'2026-13-45'`, `'Enter'`, `'C-c'`). */
  type(...keys: string[]): void;
  screen(): string;
  /** The screen with its colour and style escapes (tmux capture-pane -e). */
  styledScreen(): string;
  /** Waits until the screen matches; fails with the screen after `ms`. */
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
  /** The command's exit code, once it has ended (printed by the wrapper shell). */
  exitCode(ms?: number): Promise<number>;
  close(): void;
}

export function tmuxAvailable(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const ci = process.env.CI === 'true' || process.env.CI === '1';

/**
 * ava's `test`, for a test on a real terminal. The fast lane (ava.fast.config.js sets
 * TEST_LANE=fast) runs none. Elsewhere it runs where tmux is installed, and under CI always, so a
 * machine without tmux fails there rather than passing unseen.
 */
export const terminalTest =
  process.env.TEST_LANE === 'fast' ? test.skip : tmuxAvailable() || ci ? test : test.skip;

export const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

type TerminalOptions = { width?: number; height?: number; env?: Record<string, string> };

/** `wfctl ARGS…` on a terminal. */
export function openTerminal(args: string[], opts: TerminalOptions = {}): Terminal {
  return openShell(wfctlCommand(args), opts);
}

/** The shell words that run `wfctl ARGS…` (built dist/ or the sources), quoted. */
export function wfctlCommand(args: string[]): string {
  return [process.execPath, ...COMMAND, ...args].map(quote).join(' ');
}

/** Any shell command line on a terminal (e.g. wfctl under `script`, which records what was drawn). */
export function openShell(command: string, opts: TerminalOptions = {}): Terminal {
  const name = `wfctl-test-${process.pid}-${randomBytes(3).toString('hex')}`;
  const env = { TERM: 'xterm-256color', LOG_LEVEL: 'warn', NO_UPDATE_NOTIFIER: '1', ...opts.env };
  const exports = Object.entries(env)
    .map(([k, v]) => `${k}=${quote(v)}`)
    .join(' ');
  // The wrapper prints the exit code where the test can read it, then keeps the pane open.
  // A person's terminal, not a CI runner's: with CI set, Ink draws only the last frame and chalk
  // drops colour, so the suite under CI=true would test another program than the operator's.
  const shell = `cd ${quote(ROOT)} && env -u CI ${exports} ${command}; echo "[exit $?]"; sleep 600`;
  execFileSync('tmux', [
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    String(opts.width ?? 80),
    '-y',
    String(opts.height ?? 30),
    'bash',
    '-c',
    shell,
  ]);
  const screen = () => execFileSync('tmux', ['capture-pane', '-p', '-t', name], { encoding: 'utf8' });
  const waitFor = async (pattern: RegExp, ms = 60_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const now = screen();
      if (pattern.test(now)) return now;
      if (Date.now() > deadline) throw new Error(`screen never showed ${pattern}:\n${now}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    type: (...keys) => execFileSync('tmux', ['send-keys', '-t', name, ...keys]),
    screen,
    styledScreen: () => execFileSync('tmux', ['capture-pane', '-p', '-e', '-t', name], { encoding: 'utf8' }),
    waitFor,
    async exitCode(ms) {
      const m = /\[exit (\d+)\]/.exec(await waitFor(/\[exit \d+\]/, ms));
      return Number(m![1]);
    },
    close: () => {
      try {
        execFileSync('tmux', ['kill-session', '-t', name], { stdio: 'ignore' });
      } catch {
        // already gone
      }
    },
  };
}
