// `npm run test:fast`, the inner loop: the whole suite on SQLite only, without the files that
// exist to be slow — crashes (kill -9 of real processes), fuzzing, MySQL query plans, the
// terminal under tmux (whole files here; the tmux tests of other files skip themselves when
// TEST_LANE=fast, test/helpers/tty.ts terminalTest), the browser, the operator's guide (real
// nginx/haproxy/systemd). The CLI
// tests stay: since commands load lazily a child process costs a fraction of a second.
// `npm test` runs every file.
import base, { tests } from './ava.config.js';

export const SLOW = [
  'test/crash/**',
  'test/ops/**',
  'test/http/fuzz.test.ts',
  'test/db/list-plans.test.ts',
  'test/cli/terminal.test.ts',
  'test/cli/forms.test.ts',
  'test/clinic/tag-page-browser.test.ts',
  // MySQL only (a server that goes away mid-request): on SQLite it has no test, which ava refuses.
  'test/http/database-outage.test.ts',
];

export default {
  ...base,
  files: [...base.files, ...SLOW.map((glob) => `!${tests(glob)}`)],
  environmentVariables: { TEST_DIALECT: 'sqlite', TEST_LANE: 'fast' },
};
