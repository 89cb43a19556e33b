// A stream spooled to a temporary file, then read back from it. Used where what is sent must come
// from one database snapshot (a transaction) but the reader may be slow: the transaction lasts as
// long as the read from the database, not as long as the slowest client takes, and memory holds one
// chunk at a time whatever the size.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes `source` whole to a new temporary file and returns a stream of that file. The file's name
 * is removed before this returns (the open stream keeps its data until it is read or destroyed), so
 * nothing is left behind whatever happens to the reader; a failure of `source` is thrown here.
 */
export async function spoolToTempFile(
  prefix: string,
  source: AsyncIterable<string | Buffer>,
): Promise<Readable> {
  const dir = await mkdtemp(join(tmpdir(), `wfctl-${prefix}-`));
  const file = join(dir, 'spool');
  try {
    await pipeline(source, createWriteStream(file, { mode: 0o600 }));
    const body = createReadStream(file);
    await once(body, 'open');
    return body;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
