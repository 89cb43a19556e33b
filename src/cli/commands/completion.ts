// `wfctl completion bash|zsh|fish`: a completion script for the shell, made from the program
// itself (every command, subcommand and flag), so it is never out of date with the binary.
import type { Command } from 'commander';
import { examplesText } from '../help.js';
import { UsageError } from '../../core/errors.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

interface Node {
  path: string[];
  subcommands: string[];
  flags: string[];
}

function walk(cmd: Command, path: string[] = []): Node[] {
  const node: Node = {
    path,
    subcommands: cmd.commands.map((c) => c.name()),
    flags: cmd.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f))),
  };
  return [node, ...cmd.commands.flatMap((c) => walk(c, [...path, c.name()]))];
}

export function completionScript(program: Command, shell: (typeof SHELLS)[number]): string {
  const nodes = walk(program);
  const key = (n: Node) => n.path.join(' ');
  if (shell === 'fish') {
    const lines = [
      '# wfctl completion for fish: wfctl completion fish > ~/.config/fish/completions/wfctl.fish',
      `set -g __wfctl_paths ${nodes
        .filter((n) => n.path.length)
        .map((n) => `'${key(n)}'`)
        .join(' ')}`,
      'function __fish_wfctl_path',
      '  set -l path',
      '  for w in (commandline -opc)[2..-1]',
      "    string match -q -- '-*' $w; and continue",
      "    if contains -- (string join ' ' $path $w) $__wfctl_paths",
      '      set path $path $w',
      '    end',
      '  end',
      "  test (string join ' ' $path) = (string join ' ' $argv)",
      'end',
    ];
    for (const n of nodes) {
      const cond = `__fish_wfctl_path ${key(n)}`.trim();
      if (n.subcommands.length)
        lines.push(`complete -c wfctl -f -n '${cond}' -a '${n.subcommands.join(' ')}'`);
      for (const f of n.flags.filter((f) => f.startsWith('--'))) {
        lines.push(`complete -c wfctl -f -n '${cond}' -l ${f.slice(2)}`);
      }
    }
    return lines.join('\n') + '\n';
  }
  const children = nodes.map((n) => `    "${key(n)}") echo "${n.subcommands.join(' ')}" ;;`).join('\n');
  const flags = nodes.map((n) => `    "${key(n)}") echo "${n.flags.join(' ')}" ;;`).join('\n');
  const bash = [
    '# wfctl completion for bash: source <(wfctl completion bash)',
    '_wfctl_children() {',
    '  case "$1" in',
    children,
    '  esac',
    '}',
    '_wfctl_flags() {',
    '  case "$1" in',
    flags,
    '  esac',
    '}',
    '_wfctl() {',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" path="" word child',
    '  for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do',
    '    case "$word" in -*) continue ;; esac',
    '    for child in $(_wfctl_children "$path"); do',
    '      if [ "$child" = "$word" ]; then path="${path:+$path }$word"; break; fi',
    '    done',
    '  done',
    '  COMPREPLY=( $(compgen -W "$(_wfctl_children "$path") $(_wfctl_flags "$path")" -- "$cur") )',
    '}',
    'complete -F _wfctl wfctl',
  ].join('\n');
  if (shell === 'zsh') {
    return (
      [
        '# wfctl completion for zsh: source <(wfctl completion zsh)',
        'autoload -U +X bashcompinit && bashcompinit',
        bash,
      ].join('\n') + '\n'
    );
  }
  return bash + '\n';
}

export function register(program: Command): void {
  program
    .command('completion')
    .description('Print a shell completion script (bash, zsh or fish)')
    .argument('<shell>', SHELLS.join(', '))
    .addHelpText(
      'after',
      examplesText([
        'source <(wfctl completion bash)',
        'wfctl completion zsh > "${fpath[1]}/_wfctl"',
        'wfctl completion fish > ~/.config/fish/completions/wfctl.fish',
      ]),
    )
    .action((shell: string) => {
      if (!(SHELLS as readonly string[]).includes(shell)) {
        throw new UsageError(`Unknown shell "${shell}"; choose one of ${SHELLS.join(', ')}.`, {
          '<shell>': [`choose one of ${SHELLS.join(', ')}`],
        });
      }
      process.stdout.write(completionScript(program, shell as (typeof SHELLS)[number]));
    });
}
