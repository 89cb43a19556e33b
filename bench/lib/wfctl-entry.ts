// `wfctl` from source for the benchmark's child processes (the daemon and `wfctl import`).
import { run } from '../../src/cli/main.js';

await run(process.argv);
