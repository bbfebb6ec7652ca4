import { hideBin } from 'yargs/helpers';
import { isAgentdError } from '../core/errors/index.js';
import { buildCli } from './build-cli.js';

/**
 * Entry point (bin/agentd.js imports the compiled file). Errors a user can act on (AgentdError: invalid
 * configuration, a taken port, an unreachable daemon) print as one line without a stack; anything else
 * is a bug and shows its stack. The process exits explicitly so a lingering handle cannot keep it alive.
 */
async function main(): Promise<void> {
  try {
    await buildCli(hideBin(process.argv)).parseAsync();
  } catch (error) {
    const debug = process.argv.includes('--debug');
    if (isAgentdError(error) && !debug) process.stderr.write(`agentd: ${error.message}\n`);
    else process.stderr.write(`agentd: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
  process.exit(process.exitCode ?? 0);
}

await main();
