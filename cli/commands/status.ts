import type { Argv, CommandModule } from 'yargs';
import { withApiOptions, type ApiOptions } from '../global-options.js';

interface StatusArgs extends ApiOptions {
  json: boolean;
  timeout: number;
}

/** `agentd status`: exit 0 when the daemon answers healthy, 1 when it is not running, unreachable or unhealthy. */
export const statusCommand: CommandModule<object, StatusArgs> = {
  command: 'status',
  describe: 'Show whether the daemon is running and healthy',
  builder: (yargs: Argv) =>
    withApiOptions(yargs)
      .option('json', { type: 'boolean', default: false, describe: 'Print a machine-readable JSON object' })
      .option('timeout', { type: 'number', default: 5, describe: 'Seconds to wait for GET /health' })
      .example('$0 status --api-url http://localhost:3000', 'check a daemon')
      .example('$0 status --json', 'for scripts; exit code 0 means healthy'),
  handler: async (argv) => {
    const { checkHealth, formatReport } = await import('../health-report.js');
    const report = await checkHealth({ apiUrl: argv.apiUrl, apiKey: argv.apiKey }, argv.timeout * 1000);
    process.stdout.write((argv.json ? JSON.stringify(report, null, 2) : formatReport(report)) + '\n');
    process.exitCode = report.healthy ? 0 : 1;
  },
};
