// `wfctl completion`: the scripts are made from the program, and bash really completes with them.
import { execFileSync } from 'node:child_process';
import test from 'ava';
import { buildProgram } from '../../src/cli/main.js';
import { completionScript } from '../../src/cli/commands/completion.js';

function complete(script: string, line: string): string[] {
  const words = line.split(' ');
  const program = `${script}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}
_wfctl; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', program], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

test('bash completes commands, subcommands after arguments, and flags', async (t) => {
  const script = completionScript(await buildProgram(), 'bash');
  t.true(complete(script, 'wfctl mig').includes('migrate'));
  t.deepEqual(complete(script, 'wfctl migrate r'), ['rollback']);
  t.true(complete(script, 'wfctl migrate rollback --').includes('--all'));
  t.true(complete(script, 'wfctl offboard A1001 --la').includes('--last-day'));
});

test('zsh and fish scripts name every top-level command', async (t) => {
  const program = await buildProgram();
  for (const shell of ['zsh', 'fish'] as const) {
    const script = completionScript(program, shell);
    for (const cmd of program.commands) t.true(script.includes(cmd.name()), `${shell}: ${cmd.name()}`);
  }
  t.regex(completionScript(program, 'zsh'), /bashcompinit/);
  t.regex(
    completionScript(program, 'fish'),
    /complete -c wfctl -f -n '__fish_wfctl_path migrate' -a 'latest status rollback unlock'/,
  );
});
