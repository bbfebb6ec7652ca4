import type { Argv, CommandModule } from 'yargs';
import { NAME_A_COMMAND, cliFrame } from './cli-frame.js';
import { advisoriesCommand } from './commands/advisories.js';
import { agentCommand } from './commands/agent.js';
import { docsCommand } from './commands/docs.js';
import { githubCommand } from './commands/github.js';
import { logsCommand } from './commands/logs.js';
import { pluginCommand } from './commands/plugin.js';
import { scanCommand } from './commands/scan.js';
import { startCommand } from './commands/start.js';
import { statusCommand } from './commands/status.js';

const COMMANDS = [
  startCommand,
  statusCommand,
  logsCommand,
  scanCommand,
  docsCommand,
  advisoriesCommand,
  agentCommand,
  githubCommand,
  pluginCommand,
] as unknown as CommandModule<object, never>[];

/**
 * The `agentd` command line. Each command is one module under commands/ exporting a yargs CommandModule;
 * register new ones here (cli-frame.ts holds what every command shares: help, version, usage errors).
 */
export function buildCli(args: string[]): Argv {
  return cliFrame(args, COMMANDS, NAME_A_COMMAND);
}
