// Writes src/cli/command-table.ts, the table of every command (names, descriptions, arguments, flags,
// groups' examples, the file of each) from the command files themselves, so a run of `wfctl` can
// answer --help, a group's --help and shell completion without importing them (src/cli/program.ts).
// `npm run commands` (and `npm run docs`) rewrite it; test/cli/startup.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { describeCommands } from '../src/cli/program.js';
import { repoFile } from './repo-root.js';

const TABLE = repoFile('src/cli/command-table.ts');

export async function commandTableSource(): Promise<string> {
  const table = await describeCommands();
  const source = [
    '// Made by scripts/commands.ts from the command files (`npm run commands`); do not edit by hand.',
    "// Every command of `wfctl`: what --help, a group's --help and shell completion read, so that a",
    '// run imports only the file of the command it runs (src/cli/program.ts).',
    "import type { CommandNode } from './program.js';",
    '',
    `export const COMMAND_TABLE: readonly CommandNode[] = ${JSON.stringify(table, null, 2)};`,
    '',
  ].join('\n');
  const options = await resolveConfig(TABLE);
  return format(source, { ...options, filepath: TABLE.pathname });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(TABLE, await commandTableSource());
  process.stdout.write('src/cli/command-table.ts updated.\n');
}
