// The backup and restore of docs/deployment.md, for real: scripts/cluster/backup-restore-check.sh
// takes a hot mariadb-backup from the standby n3, prepares and restores it, starts a throwaway
// server on the copy and compares a marker table's rows written through the writer.
import test from 'ava';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../scripts/repo-root.js';

const run = promisify(execFile);
const SCRIPT = join(ROOT, 'scripts/cluster/backup-restore-check.sh');

test('a backup taken from a standby node restores every row written through the writer', async (t) => {
  // The script exits non-zero (and execFile rejects) on any difference; its last line says what matched.
  const { stderr } = await run('bash', [SCRIPT], { timeout: 300_000 });
  t.regex(stderr, /restored copy on port \d+ has all (\d+) marker rows/);
  t.log(stderr.trim().split('\n').slice(-3).join('\n'));
});
