import yargs, { type Argv } from 'yargs';
import { logsCommand } from './commands/logs.js';
import { startCommand } from './commands/start.js';
import { statusCommand } from './commands/status.js';
import { packageVersion } from './version.js';

/**
 * The `agentd` command line. Each command is one module under commands/ exporting a yargs CommandModule;
 * register new ones here. Usage errors (unknown option, missing command) print one line and exit 1.
 */
export function buildCli(args: string[]): Argv {
  return yargs(args)
    .scriptName('agentd')
    .usage('$0 <command> [options]')
    .command(startCommand)
    .command(statusCommand)
    .command(logsCommand)
    .demandCommand(1, 'Name a command: start, status or logs.')
    .strict()
    .version(packageVersion())
    .alias('v', 'version')
    .help()
    .alias('h', 'help')
    .wrap(Math.min(110, process.stdout.columns ?? 100))
    .fail((message, error) => {
      // Errors of command handlers go to main; yargs' own (YError) and validation messages are usage errors.
      if (error && error.name !== 'YError') throw error;
      process.stderr.write(`agentd: ${message ?? error.message}\nRun "agentd --help" for the commands and options.\n`);
      process.exit(1);
    });
}
