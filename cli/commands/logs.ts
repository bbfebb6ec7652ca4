import type { Argv, CommandModule } from 'yargs';
import { LEVELS } from '../../daemon/logging/levels.js';
import type { Level } from '../../daemon/logging/types.js';
import { withApiOptions, type ApiOptions } from '../global-options.js';

interface LogsArgs extends ApiOptions {
  job?: string;
  follow: boolean;
  level?: Level;
  grep?: string;
  limit: number;
  json: boolean;
}

/**
 * `agentd logs`: the daemon's recent structured log lines; `--follow` keeps streaming them;
 * `--job <id>` follows one job's events until it ends (exit 0 only when it succeeded).
 */
export const logsCommand: CommandModule<object, LogsArgs> = {
  command: 'logs',
  describe: "Show the daemon's logs, or follow one job until it ends",
  builder: (yargs: Argv) =>
    withApiOptions(yargs)
      .option('job', { type: 'string', describe: "Follow this job's events until it ends, with a progress bar" })
      .option('follow', { alias: 'f', type: 'boolean', default: false, describe: 'Keep streaming new log lines until Ctrl-C' })
      .option('level', { type: 'string', choices: LEVELS, describe: 'Only lines at this level or above' })
      .option('grep', { type: 'string', describe: 'Only lines containing this text (case-insensitive, message and fields)' })
      .option('limit', { type: 'number', default: 100, describe: 'How many recent lines to show (1-1000)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print records as JSON lines' })
      .check((argv) =>
        Number.isInteger(argv.limit) && argv.limit >= 1 && argv.limit <= 1000
          ? true
          : `--limit must be an integer from 1 to 1000, got "${argv.limit}".`,
      )
      .example('$0 logs --follow --level warn', 'stream warnings and errors')
      .example('$0 logs --job 5f2c...', 'follow a job until it ends') as unknown as Argv<LogsArgs>,
  handler: async (argv) => {
    const target = { apiUrl: argv.apiUrl, apiKey: argv.apiKey };
    const { untilInterrupted } = await import('../interrupt.js');
    if (argv.job) {
      const { followJob } = await import('../job-follower.js');
      process.exitCode = await untilInterrupted((signal) => followJob(target, argv.job as string, process.stdout, signal));
      return;
    }
    const { printRecentLogs, streamLogs } = await import('../log-reader.js');
    await printRecentLogs(target, argv, process.stdout);
    if (!argv.follow) return;
    const interrupted = await untilInterrupted((signal) => streamLogs(target, argv, process.stdout, signal));
    if (!interrupted) {
      process.stderr.write('agentd: the daemon closed the log stream (it stopped or restarted).\n');
      process.exitCode = 1;
    }
  },
};
