// Reading the commands a Markdown document shows: its fenced shell blocks as logical commands (a
// backslash or an open quote continues a line), the `wfctl …` invocations in them and in inline code,
// and the `curl …` requests with their method and path. test/core/doc-commands.test.ts runs them.
import type { Command } from 'commander';

export interface Block {
  lang: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export function fencedBlocks(markdown: string): Block[] {
  const out: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)(?:[ \t]+(\S+))?[ \t]*$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    out.push({ lang: open[1] ?? '', body: body.join('\n'), line: start + 1 });
  }
  return out;
}

export const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'console']);

export interface LogicalCommand {
  /** As written, continuation lines joined with newlines. */
  text: string;
  /** 1-based line in the document where it starts. */
  line: number;
  /** The trailing `# …` comment of its last line (without the #), if any. */
  comment: string;
}

/** Whether `text` leaves a quote open (single or double, shell rules, roughly). */
function openQuote(text: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
    } else if (quote === '"') {
      if (c === '\\') i++;
      else if (c === '"') quote = null;
    } else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const nl = text.indexOf('\n', i);
      if (nl === -1) return false;
      i = nl;
    } else if (c === "'" || c === '"') quote = c;
  }
  return quote !== null;
}

/** The trailing comment of a command's last line, outside quotes. */
function trailingComment(text: string): string {
  const last = text.split('\n').pop() ?? '';
  let quote: string | null = null;
  for (let i = 0; i < last.length; i++) {
    const c = last[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(last[i - 1]!))) return last.slice(i + 1).trim();
  }
  return '';
}

export function logicalCommands(block: Block): LogicalCommand[] {
  const lines = block.body.split('\n');
  const out: LogicalCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(#|$)/.test(lines[i]!)) continue;
    const start = i;
    let text = lines[i]!;
    while (i + 1 < lines.length && (/\\\s*$/.test(text) || openQuote(text))) text += '\n' + lines[++i]!;
    out.push({ text, line: block.line + 1 + start, comment: trailingComment(text) });
  }
  return out;
}

/** The words after `wfctl` in command position (after `npx`, a pipe, `$(`, `&&`, `;`, `time`). */
export function wfctlInvocations(text: string): string[][] {
  const out: string[][] = [];
  // A command substitution inside an argument is one word to the invocation (`--day $(date -u +%F)`).
  const flat = text.replace(/\\\n\s*/g, ' ').replace(/\$\((?![^()]*\bwfctl\b)[^()]*\)/g, 'SUBST');
  const re =
    /(?:^|[|;&(]\s*|\bnpx\s+|\btime\s+|\bsudo\s+)(?:wfctl-admin|wfctl|\.\/bin\/wfctl|\/opt\/wfctl\/bin\/wfctl)[ \t]+([^\n]*)/gm;
  for (const m of flat.matchAll(re)) {
    const words = m[1]!.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
    const end = words.findIndex((w) => /^(\||>|>>|;|&&|#|\)|\\\|)/.test(w));
    const used = words.slice(0, end === -1 ? undefined : end);
    if (used.length && /^[a-z-]/.test(used[0]!)) out.push(used);
  }
  return out;
}

/** The code spans of a document outside its fenced blocks. */
export function inlineCode(markdown: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  let inFence = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^```/.test(line)) inFence = !inFence;
    if (inFence) return;
    for (const m of line.matchAll(/`([^`\n]+)`/g)) out.push({ text: m[1]!, line: i + 1 });
  });
  return out;
}

function flagsAccepted(cmd: Command): Set<string> {
  const names = new Set(['--help', '-h']);
  for (let c: Command | null = cmd; c; c = c.parent) {
    for (const o of c.options) {
      // A hidden option is one the program refuses with a pointer to its replacement (a former flag
      // such as `partner verify --secret`): a document must not show it.
      if (o.hidden) continue;
      if (o.long) names.add(o.long);
      if (o.short) names.add(o.short);
      // commander's --no-x for a boolean --x
      if (o.long?.startsWith('--no-')) names.add(`--${o.long.slice(5)}`);
    }
  }
  return names;
}

/**
 * What is wrong with `wfctl WORDS` against the program's command tree: no such command, a group
 * that is not runnable, a subcommand that does not exist, a flag the command does not take. Optional
 * parts written `[--flag VALUE]` and alternatives `a | b` are checked as if given.
 */
export function invocationProblems(program: Command, words: string[]): string[] {
  const clean = words
    .flatMap((w) => w.split(/\\?\|/))
    .map((w) => w.replace(/^\[+|\]+$/g, ''))
    .filter((w) => w);
  const shown = `wfctl ${words.join(' ')}`;
  if (clean[0]?.startsWith('-')) {
    const top = flagsAccepted(program);
    top.add('--version').add('-v');
    return clean.filter((w) => /^--?[a-z]/.test(w) && !top.has(w)).map((w) => `${shown}: unknown flag ${w}`);
  }
  let cmd: Command = program;
  let i = 0;
  for (; i < clean.length; i++) {
    const sub = cmd.commands.find((c) => c.name() === clean[i] || c.aliases().includes(clean[i]!));
    if (!sub) break;
    cmd = sub;
  }
  if (cmd === program) return [`${shown}: no such command`];
  const problems: string[] = [];
  const runnable =
    Boolean((cmd as unknown as { _actionHandler?: unknown })._actionHandler) ||
    Boolean((cmd as unknown as { _defaultCommandName?: string })._defaultCommandName);
  if (!runnable)
    problems.push(`${shown}: \`wfctl ${clean.slice(0, i).join(' ')}\` is a group, not a command`);
  const next = clean[i];
  if (cmd.commands.length && next && !next.startsWith('-') && /^[a-z][a-z-]*$/.test(next) && !runnable)
    problems.push(`${shown}: no subcommand "${next}"`);
  const accepted = flagsAccepted(cmd);
  for (const flag of clean.slice(i).filter((w) => /^--?[a-z]/.test(w))) {
    if (!accepted.has(flag.split('=')[0]!)) problems.push(`${shown}: unknown flag ${flag}`);
  }
  return problems;
}

export interface CurlRequest {
  method: string;
  url: string;
}

/** The method and URL of a `curl …` command (its first argument that looks like a URL). */
export function curlRequest(text: string): CurlRequest | null {
  const flat = text.replace(/\\\n\s*/g, ' ');
  const m = /(?:^|[|;&(]\s*)curl\s+(.*)$/ms.exec(flat);
  if (!m) return null;
  const words = m[1]!.match(/"(?:[^"\\]|\\.)*"|'[^']*'|\S+/g) ?? [];
  let method: string | null = null;
  let url: string | null = null;
  let hasBody = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-X' || w === '--request') method = words[++i]!.replace(/['"]/g, '');
    else if (/^(-d|--data|--data-raw|--data-binary|-F|--form)$/.test(w)) {
      hasBody = true;
      i++;
    } else if (/^(-H|--header|-o|-w|--write-out|-u|--max-time|-m)$/.test(w)) i++;
    else if (!w.startsWith('-') && url === null) url = w.replace(/^["']|["']$/g, '');
    if (/^[|;)]|^&&$|^#/.test(w)) break;
  }
  if (!url) return null;
  return { method: method ?? (hasBody ? 'POST' : 'GET'), url };
}
