// Renders the README's HTTP and CLI reference tables from the route tables and the commander
// program, so the front door lists exactly what the program serves and accepts.
// `npm run docs` rewrites the README between the markers; a test fails when it is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Route } from '../src/core/routes.js';
import { clinicRoutes } from '../src/clinic/routes.js';
import { workforceRoutes } from '../src/workforce/routes.js';
import { buildProgram } from '../src/cli/main.js';
import { repoFile } from './repo-root.js';

const README = repoFile('README.md');

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function routeTable(routes: Route[]): string {
  const rows = ['| method | path | access | permission | what it does |', '| --- | --- | --- | --- | --- |'];
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    rows.push(
      `| ${r.method} | \`${path}\` | ${cell(r.access.name)} | ${r.permission ? `\`${r.permission}\`` : '—'} | ${cell(r.summary)} |`,
    );
  }
  return rows.join('\n');
}

function commandLines(cmd: Command, prefix: string[]): string[] {
  const lines: string[] = [];
  for (const sub of cmd.commands) {
    if (sub.name() === 'help') continue;
    const name = [...prefix, sub.name()];
    const args = sub.registeredArguments
      .map((a) => (a.required ? `<${a.name()}>` : `[${a.name()}]`))
      .join(' ');
    const usage = `wfctl ${name.join(' ')}${args ? ' ' + args : ''}`;
    if (sub.commands.length === 0 || (sub as any)._actionHandler) {
      lines.push(`| \`${cell(usage)}\` | ${cell(sub.description())} |`);
    }
    lines.push(...commandLines(sub, name));
  }
  return lines;
}

export async function cliTable(): Promise<string> {
  return ['| command | what it does |', '| --- | --- |', ...commandLines(await buildProgram(), [])].join(
    '\n',
  );
}

export async function renderReadme(readme: string): Promise<string> {
  const sections: Record<string, string> = {
    'routes:workforce': routeTable(workforceRoutes),
    'routes:clinic': routeTable(clinicRoutes),
    cli: await cliTable(),
  };
  let out = readme;
  for (const [name, table] of Object.entries(sections)) {
    const start = `<!-- ${name}:start -->`;
    const end = `<!-- ${name}:end -->`;
    const i = out.indexOf(start);
    const j = out.indexOf(end);
    if (i === -1 || j === -1) throw new Error(`README lacks the ${start} … ${end} markers`);
    out = out.slice(0, i + start.length) + '\n\n' + table + '\n\n' + out.slice(j);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const current = readFileSync(README, 'utf8');
  writeFileSync(README, await renderReadme(current));
  process.stdout.write('README.md reference tables updated; run `npx prettier --write README.md`.\n');
}
