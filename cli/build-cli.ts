import yargs, { type Argv } from 'yargs';
import { advisoriesCommand } from './commands/advisories.js';
import { agentCommand } from './commands/agent.js';
import { docsCommand } from './commands/docs.js';
import { githubCommand } from './commands/github.js';
import { logsCommand } from './commands/logs.js';
import { pluginCommand } from './commands/plugin.js';
import { scanCommand } from './commands/scan.js';
import { startCommand } from './commands/start.js';
import { statusCommand } from './commands/status.js';
import { packageVersion } from './version.js';

/** Commands CI pipelines gate on keep exit 1 for "findings" and use 2 for a usage error. */
const USAGE_EXIT_2 = new Set(['scan', 'docs', 'advisories', 'agent', 'plugin']);

function usageExitCode(args: string[]): number {
  const command = args.find((arg) => !arg.startsWith('-'));
  return command !== undefined && USAGE_EXIT_2.has(command) ? 2 : 1;
}

/**
 * The `agentd` command line. Each command is one module under commands/ exporting a yargs CommandModule;
 * register new ones here. Usage errors (unknown option, missing command) print one line and exit 1.
 */
export function buildCli(args: string[]): Argv {
  return withoutHelpCache(
    yargs(args)
      .scriptName('agentd')
      .usage('$0 <command> [options]')
      .command(startCommand)
      .command(statusCommand)
      .command(logsCommand)
      .command(scanCommand)
      .command(docsCommand)
      .command(advisoriesCommand)
      .command(agentCommand)
      .command(githubCommand)
      .command(pluginCommand)
      .demandCommand(1, 'Name a command: start, status, logs, scan, docs, advisories, agent, github or plugin.')
      .strict()
      .version(packageVersion())
      .alias('v', 'version')
      .help()
      .alias('h', 'help')
      .wrap(Math.min(110, process.stdout.columns ?? 100))
      .fail((message, error) => {
        // Errors of command handlers go to main; yargs' own (YError) and validation messages are usage errors.
        if (error && error.name !== 'YError') throw error;
        const code = usageExitCode(args);
        // The CI commands keep a usage error on one line, so a log shows it whole.
        const text = code === 2 ? (message ?? error.message).replace(/\s*\n\s*/g, ' ') : (message ?? error.message);
        process.stderr.write(`agentd: ${text}\nRun "agentd --help" for the commands and options.\n`);
        process.exit(code);
      }),
  );
}

interface WithUsage {
  getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } };
}

/**
 * yargs renders a command's whole help text just after starting its handler, to print it should the
 * handler fail; agentd's `fail` above prints its own one line instead, so the text is never read — and
 * rendering it was 40-80 ms of every `agentd scan`'s start, on the main thread, before the scan's
 * parses could start (measured in CPU profiles: cliui, wrap-ansi, string-width). Skipped through
 * yargs' internal usage object when it has one; `--help` still renders as before.
 */
function withoutHelpCache(cli: Argv): Argv {
  const usage = (cli as unknown as WithUsage).getInternalMethods?.().getUsageInstance?.();
  if (typeof usage?.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => undefined;
  return cli;
}
