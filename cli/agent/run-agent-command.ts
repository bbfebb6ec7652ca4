/** What `agentd agent` does once its arguments are parsed (loaded on use, with the prompt and its client). */
import path from 'node:path';
import { apiUrlSource } from '../global-options.js';
import { connect, type Connection } from './connection.js';
import { historyPath } from './history-file.js';
import { EXIT, runOneShot } from './one-shot.js';
import { paletteFor } from './palette.js';
import { PromptLoop } from './prompt-loop.js';
import { AGENT_NAMES } from './slash-command.js';
import type { ApiOptions } from '../global-options.js';

export interface AgentArgs extends ApiOptions {
  agent?: string;
  task?: string[];
  resume?: string;
  auto: boolean;
  json: boolean;
  /** --no-project-code: no job runs the project's own code (tests, ESLint config). */
  projectCode?: boolean;
  /** With a daemon: the jobs' workspace (relative to its workspace.path). Embedded: the project folder. */
  workspace?: string;
  /** Run the embedded engine, never a daemon. */
  embedded?: boolean;
  /** Embedded: host services ("127.0.0.1:5432") project code may reach from the sandbox. */
  sandboxService?: string[];
  /** Embedded: NAME=value pairs project code gets in the sandbox. */
  sandboxEnv?: string[];
}

const SERVICE = /^[A-Za-z0-9._-]+:\d{1,5}$/;
const VARIABLE = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

type Sandbox = { services: string[]; env: Record<string, string> };

/** --sandbox-service / --sandbox-env as configuration, or the usage message naming the bad value. */
function sandboxOptions(argv: AgentArgs): Sandbox | string {
  const services = argv.sandboxService ?? [];
  const bad = services.find((s) => !SERVICE.test(s));
  if (bad !== undefined) return `--sandbox-service "${bad}" is not host:port (e.g. 127.0.0.1:5432).`;
  const env: Record<string, string> = {};
  for (const pair of argv.sandboxEnv ?? []) {
    const match = VARIABLE.exec(pair);
    if (!match) return `--sandbox-env "${pair}" is not NAME=value (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).`;
    env[match[1]!] = match[2]!;
  }
  return { services, env };
}

/** The connection the arguments ask for: a named daemon must answer; --workspace targets the jobs. */
async function connectFor(argv: AgentArgs, sandbox: Sandbox): Promise<Connection> {
  const workspace = argv.workspace === undefined ? process.cwd() : path.resolve(process.cwd(), argv.workspace);
  return connect({
    sandbox,
    apiUrl: argv.apiUrl,
    apiKey: argv.apiKey,
    workspace,
    jobWorkspace: argv.workspace,
    projectCode: argv.projectCode !== false,
    daemonRequired: argv.embedded ? null : apiUrlSource(process.argv, process.env),
    embedded: argv.embedded === true,
  });
}

function usage(message: string): number {
  process.stderr.write(`agentd agent: ${message}\nRun "agentd agent --help" for the forms of the command.\n`);
  return EXIT.usage;
}

async function interactive(argv: AgentArgs, sandbox: Sandbox): Promise<number> {
  const connection = await connectFor(argv, sandbox);
  try {
    const loop = new PromptLoop({
      connection,
      input: process.stdin,
      output: process.stdout,
      palette: paletteFor(process.stdout),
      cwd: process.cwd(),
      historyFile: historyPath(),
      resume: argv.resume,
    });
    await loop.run();
  } finally {
    await connection.close();
  }
  return 0;
}

async function oneShot(argv: AgentArgs, task: string, sandbox: Sandbox): Promise<number> {
  const connection = await connectFor(argv, sandbox);
  const human = argv.json ? process.stderr : process.stdout;
  human.write(`${connection.banner}\n`);
  try {
    return await runOneShot({
      connection,
      task,
      auto: argv.auto,
      json: argv.json,
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      palette: paletteFor(human),
    });
  } finally {
    await connection.close();
  }
}

export async function runAgentCommand(argv: AgentArgs): Promise<number> {
  const sandbox = sandboxOptions(argv);
  if (typeof sandbox === 'string') return usage(sandbox);
  if (argv.agent === undefined) {
    if (argv.json) return usage('--json needs a task: agentd agent universal-agent "<task>" --json.');
    return interactive(argv, sandbox);
  }
  if (!(AGENT_NAMES as readonly string[]).includes(argv.agent)) return usage(`there is no agent "${argv.agent}"; use universal-agent.`);
  if (argv.resume) return usage('--resume opens the prompt; give either --resume <id> or a task, not both.');
  const task = (argv.task ?? []).join(' ').trim();
  if (task === '') return usage('say what to do: agentd agent universal-agent "<task>".');
  return oneShot(argv, task, sandbox);
}
