// The backup and restore of docs/deployment.md, for real: scripts/cluster/backup-restore-check.sh
// takes a hot mariadb-backup from the standby n3, prepares and restores it, starts a throwaway
// server on the copy and compares a marker table's rows written through the writer.
import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = new URL('../../scripts/cluster/backup-restore-check.sh', import.meta.url).pathname;

test('a backup taken from a standby node restores every row written through the writer', async (t) => {
  const { stdout, stderr } = await run('bash', [SCRIPT], { timeout: 300_000 });
  t.log((stdout + stderr).trim().split('\n').slice(-3).join('\n'));
  t.pass();
});
