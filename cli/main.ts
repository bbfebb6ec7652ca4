import { hideBin } from 'yargs/helpers';
import { buildCli } from './build-cli.js';
import { runCli } from './cli-frame.js';

/** Entry point (bin/agentd.js imports the compiled file; `agentd scan` may start from scan-launch.ts instead). */
await runCli(buildCli(hideBin(process.argv)));
