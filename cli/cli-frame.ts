import yargs, { type Argv, type CommandModule } from 'yargs';
import { isAgentdError } from '../core/errors/index.js';
import { packageVersion } from './version.js';

/** What `agentd` without a command says. */
export const NAME_A_COMMAND = 'Name a command: start, status, logs, scan, docs, advisories, agent, github or plugin.';

/** Commands CI pipelines gate on keep exit 1 for "findings" and use 2 for a usage error. */
const USAGE_EXIT_2 = new Set(['scan', 'docs', 'advisories', 'agent', 'plugin']);

function usageExitCode(args: string[]): number {
  const command = args.find((arg) => !arg.startsWith('-'));
  return command !== undefined && USAGE_EXIT_2.has(command) ? 2 : 1;
}

/**
 * The `agentd` command line around `commands`: the full CLI (build-cli.ts) registers every command;
 * `agentd scan` started from the scan bundle (scan-launch.ts) registers only scan, with the same
 * options, help and errors. Usage errors (unknown option, missing command) print one line.
 */
export function cliFrame(args: string[], commands: readonly CommandModule<object, never>[], demand: string): Argv {
  let cli = yargs(args).scriptName('agentd').usage('$0 <command> [options]');
  for (const command of commands) cli = cli.command(command);
  return withoutHelpCache(
    cli
      .demandCommand(1, demand)
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

/**
 * Runs a command line. Errors a user can act on (AgentdError: invalid configuration, a taken port, an
 * unreachable daemon) print as one line without a stack; anything else is a bug and shows its stack.
 * The process exits explicitly so a lingering handle cannot keep it alive.
 */
export async function runCli(cli: Argv): Promise<never> {
  try {
    await cli.parseAsync();
  } catch (error) {
    const debug = process.argv.includes('--debug');
    if (isAgentdError(error) && !debug) process.stderr.write(`agentd: ${error.message}\n`);
    else process.stderr.write(`agentd: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exitCode = 1;
  }
  process.exit(process.exitCode ?? 0);
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
