// The CLI from source, for tests (bin/wfctl runs the same run() from dist/).
import { run } from '../../src/cli/main.js';

await run(process.argv);
