import type { Argv, CommandModule } from 'yargs';
import { withApiOptions } from '../global-options.js';
import type { AgentArgs } from '../agent/run-agent-command.js';

/**
 * `agentd agent`: the interactive prompt of the universal agent, or with a task the one-shot form for
 * scripts. Exit 0 succeeded, 1 failed or cancelled, 2 usage error, 3 left awaiting approval, 4 incomplete
 * (planned steps did not run).
 */
export const agentCommand: CommandModule<object, AgentArgs> = {
  command: 'agent [agent] [task..]',
  describe: 'Open the universal agent prompt, or run one task: agent universal-agent "<task>"',
  builder: (yargs: Argv) =>
    withApiOptions(yargs)
      .positional('agent', { type: 'string', describe: 'The agent for a one-shot task (universal-agent)' })
      .positional('task', { type: 'string', array: true, describe: 'The task, in quotes' })
      .option('resume', { type: 'string', describe: 'Reopen the session of this task job in the prompt' })
      .option('auto', {
        type: 'boolean',
        default: false,
        describe: 'Run the plan without asking for approval (routine, non-critical tasks only)',
      })
      .option('json', { type: 'boolean', default: false, describe: 'One-shot: print the final job record as JSON on stdout' })
      .option('workspace', {
        type: 'string',
        describe:
          "With a daemon: the jobs' workspace, relative to the daemon's workspace.path (else its workspace.default). Embedded: the project folder (default: the current folder)",
      })
      .option('embedded', {
        type: 'boolean',
        default: false,
        describe: 'Run an embedded engine in this process; never connect to a daemon',
      })
      .option('sandbox-service', {
        type: 'string',
        array: true,
        describe:
          'Embedded: a host service ("127.0.0.1:5432") the project\'s code may reach from the sandbox, e.g. its test database (security.sandboxServices)',
      })
      .option('sandbox-env', {
        type: 'string',
        array: true,
        describe: "Embedded: NAME=value given to the project's code in the sandbox, e.g. DATABASE_URL=postgres://… (security.sandboxEnv)",
      })
      .option('project-code', {
        type: 'boolean',
        default: true,
        describe: "Let jobs run the project's own code (tests, ESLint config) in agentd's sandbox; --no-project-code to refuse it",
      })
      .example(
        '$0 agent',
        'open the prompt (a daemon at --api-url / AGENTD_API_URL, or an embedded engine when none was named and localhost:3000 does not answer)',
      )
      .example(
        '$0 agent universal-agent "run the tests" --workspace repos/app --api-url http://ci:3000',
        'one task on one workspace of a remote daemon',
      )
      .example('$0 agent universal-agent "audit security of src" --json', 'one task for a script')
      .example(
        '$0 agent --embedded --sandbox-service 127.0.0.1:5432 --sandbox-env DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
        'the prompt on this folder, its tests (and generated ones) reaching the test PostgreSQL',
      )
      .example('$0 agent --resume 5f2c...', 'continue a session') as unknown as Argv<AgentArgs>,
  handler: async (argv) => {
    const { runAgentCommand } = await import('../agent/run-agent-command.js');
    process.exitCode = await runAgentCommand(argv);
  },
};
