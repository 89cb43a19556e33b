// `wfctl --help`: the commands grouped by service, on one 80×24 screen with the line typed and the
// next prompt (test/cli/help.test.ts holds it to 22 lines of at most 80 columns). A command's own
// --help says what it does, with examples; a group's lists its commands. Every top-level command
// is named here once (the same test checks it against the program).
import { examplesText } from './help.js';

/** Service → rows of a theme and its top-level commands. */
export const ROOT_SECTIONS: ReadonlyArray<{
  service: string;
  rows: ReadonlyArray<readonly [theme: string, commands: readonly string[]]>;
}> = [
  {
    service: 'Workforce',
    rows: [
      ['records', ['org', 'unit', 'employee', 'deployment', 'device', 'import']],
      ['lifecycle', ['offboard', 'transfer']],
      ['attendance', ['lock', 'unlock', 'locks', 'attendance', 'fy', 'export']],
      ['access', ['user', 'token', 'partner']],
    ],
  },
  {
    service: 'Clinic',
    rows: [
      ['accounts', ['tenant', 'client']],
      ['records', ['pet', 'appointment', 'invoice', 'order', 'gateway', 'health-log']],
      ['upkeep', ['clinic']],
    ],
  },
  {
    service: 'Operations',
    rows: [
      ['daemon', ['serve', 'schedule', 'jobs', 'mail']],
      ['set-up', ['migrate', 'seed', 'completion', 'help']],
    ],
  },
];

export const ROOT_EXAMPLES = [
  'wfctl serve',
  'wfctl org list',
  'wfctl offboard A1001 --last-day 2026-11-30 --reason Resigned --dry-run',
  'wfctl tenant list --json',
  'wfctl partner --help',
];

export function rootHelp(): string {
  const lines = [
    'Usage: wfctl <command> [options]',
    'Attendance, workforce lifecycle and pet-care clinic services, and their daemon.',
    '',
    'Commands (wfctl <command> --help says what one does, with examples):',
  ];
  for (const { service, rows } of ROOT_SECTIONS) {
    for (const [i, [theme, commands]] of rows.entries()) {
      lines.push(`  ${(i === 0 ? service : '').padEnd(12)}${theme.padEnd(12)}${commands.join('  ')}`);
    }
  }
  lines.push(
    '',
    'Options: -v, --version   --no-color (or NO_COLOR=1)   -h, --help',
    examplesText(ROOT_EXAMPLES),
  );
  return lines.join('\n') + '\n';
}
