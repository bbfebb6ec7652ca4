import type { Argv, CommandModule } from 'yargs';
import type { ConfigFlags } from '../../daemon/config/index.js';

export interface StartArgs extends ConfigFlags {
  config?: string;
  dryRun: boolean;
  debug: boolean;
}

/**
 * `agentd start`: every configuration flag is taken as a string and handed to loadConfig, which coerces
 * and validates it like an environment variable, so "--port abc" is reported as "(from flag --port)".
 */
export const startCommand: CommandModule<object, StartArgs> = {
  command: 'start',
  describe: 'Start the daemon (REST API, queue, scheduler) in the foreground',
  builder: (yargs: Argv) =>
    yargs
      .option('port', { alias: 'p', type: 'string', describe: 'API server port; must be free', defaultDescription: '3000' })
      .option('host', { type: 'string', describe: 'Bind address', defaultDescription: '127.0.0.1' })
      .option('queue-url', {
        type: 'string',
        describe: 'External queue, redis://[user:password@]host:port[/db]',
        defaultDescription: 'in-memory queue',
      })
      .option('max-concurrent', { type: 'string', describe: 'Jobs running at once', defaultDescription: '3' })
      .option('workspace', { type: 'string', describe: 'Workspace directory', defaultDescription: 'current directory' })
      .option('github-app-id', { type: 'string', describe: 'GitHub App id' })
      .option('github-private-key', { type: 'string', describe: "Path to the GitHub App's private key (PEM)" })
      .option('github-installation-id', { type: 'string', describe: 'GitHub App installation id' })
      .option('github-webhook-secret', { type: 'string', describe: 'GitHub webhook secret' })
      .option('config', { type: 'string', describe: 'Configuration file (JSON), above ~/.agentd and /etc/agentd' })
      .option('dry-run', { type: 'boolean', default: false, describe: 'Print the effective configuration (secrets masked) and exit' })
      .option('debug', { type: 'boolean', default: false, describe: 'Debug logging' })
      .option('insecure', {
        type: 'boolean',
        default: false,
        describe: 'Allow a non-loopback --host without an API key (anyone who reaches the port can run jobs)',
      })
      .option('dashboard', {
        type: 'boolean',
        describe: 'Serve the web dashboard under /ui (--no-dashboard leaves it out)',
        defaultDescription: 'true',
      })
      .option('require-durable-queue', {
        type: 'boolean',
        default: false,
        describe: 'Refuse to start on a Redis that would lose the queue on a crash (appendonly off, or a maxmemory-policy that evicts)',
      })
      .example('$0 start -p 8080 --workspace /srv/agentd', 'serve on port 8080')
      .example('$0 start --config ./agentd.json --dry-run', 'check a configuration') as unknown as Argv<StartArgs>,
  handler: async (argv) => {
    const options = { flags: argv, configPath: argv.config };
    // The daemon's modules load when it starts, not when agentd runs another command.
    if (argv.dryRun) {
      const { printDryRun } = await import('../dry-run.js');
      process.exitCode = printDryRun(options);
      return;
    }
    const { runDaemon } = await import('../run-daemon.js');
    process.exitCode = await runDaemon(options);
  },
};
