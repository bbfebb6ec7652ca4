import type { Argv, CommandModule } from 'yargs';
import { withApiOptions, type ApiOptions } from '../global-options.js';
import { connect } from '../agent/connection.js';
import { historyPath } from '../agent/history-file.js';
import { EXIT, runOneShot } from '../agent/one-shot.js';
import { paletteFor } from '../agent/palette.js';
import { PromptLoop } from '../agent/prompt-loop.js';
import { AGENT_NAMES } from '../agent/slash-command.js';

interface AgentArgs extends ApiOptions {
  agent?: string;
  task?: string[];
  resume?: string;
  auto: boolean;
  json: boolean;
}

function usage(message: string): number {
  process.stderr.write(`agentd agent: ${message}\nRun "agentd agent --help" for the forms of the command.\n`);
  return EXIT.usage;
}

async function interactive(argv: AgentArgs): Promise<number> {
  const connection = await connect({ apiUrl: argv.apiUrl, apiKey: argv.apiKey, workspace: process.cwd() });
  try {
    const loop = new PromptLoop({
      connection, input: process.stdin, output: process.stdout, palette: paletteFor(process.stdout),
      cwd: process.cwd(), historyFile: historyPath(), resume: argv.resume,
    });
    await loop.run();
  } finally {
    await connection.close();
  }
  return 0;
}

async function oneShot(argv: AgentArgs, task: string): Promise<number> {
  const connection = await connect({ apiUrl: argv.apiUrl, apiKey: argv.apiKey, workspace: process.cwd() });
  const human = argv.json ? process.stderr : process.stdout;
  human.write(`${connection.banner}\n`);
  try {
    return await runOneShot({
      connection, task, auto: argv.auto, json: argv.json,
      stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, palette: paletteFor(human),
    });
  } finally {
    await connection.close();
  }
}

async function agent(argv: AgentArgs): Promise<number> {
  if (argv.agent === undefined) {
    if (argv.json) return usage('--json needs a task: agentd agent universal-agent "<task>" --json.');
    return interactive(argv);
  }
  if (!(AGENT_NAMES as readonly string[]).includes(argv.agent)) return usage(`there is no agent "${argv.agent}"; use universal-agent.`);
  if (argv.resume) return usage('--resume opens the prompt; give either --resume <id> or a task, not both.');
  const task = (argv.task ?? []).join(' ').trim();
  if (task === '') return usage('say what to do: agentd agent universal-agent "<task>".');
  return oneShot(argv, task);
}

/**
 * `agentd agent`: the interactive prompt of the universal agent, or with a task the one-shot form for
 * scripts. Exit 0 succeeded, 1 failed or cancelled, 2 usage error, 3 left awaiting approval.
 */
export const agentCommand: CommandModule<object, AgentArgs> = {
  command: 'agent [agent] [task..]',
  describe: 'Open the universal agent prompt, or run one task: agent universal-agent "<task>"',
  builder: (yargs: Argv) =>
    withApiOptions(yargs)
      .positional('agent', { type: 'string', describe: 'The agent for a one-shot task (universal-agent)' })
      .positional('task', { type: 'string', array: true, describe: 'The task, in quotes' })
      .option('resume', { type: 'string', describe: 'Reopen the session of this task job in the prompt' })
      .option('auto', { type: 'boolean', default: false, describe: 'Run the plan without asking for approval (routine, non-critical tasks only)' })
      .option('json', { type: 'boolean', default: false, describe: 'One-shot: print the final job record as JSON on stdout' })
      .example('$0 agent', 'open the prompt (a daemon at --api-url, or an embedded engine)')
      .example('$0 agent universal-agent "audit security of src" --json', 'one task for a script')
      .example('$0 agent --resume 5f2c...', 'continue a session') as unknown as Argv<AgentArgs>,
  handler: async (argv) => {
    process.exitCode = await agent(argv);
  },
};
