// A pseudo-terminal with no size (`script` in a pipeline, `docker exec -t`, some CI runners) reports
// 0 columns and 0 rows. Ink lays out to that width, one character per line, and clears the screen
// because the output is "taller" than 0 rows. Such a terminal gets the classic 80×24 instead.
import type { WriteStream } from 'node:tty';

for (const stream of [process.stdout, process.stderr] as WriteStream[]) {
  if (!stream.isTTY) continue;
  if (!stream.columns) stream.columns = 80;
  if (!stream.rows) stream.rows = 24;
}
