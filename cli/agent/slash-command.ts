/**
 * What one line typed at the agent prompt asks for. Lines starting with "/" are commands; anything
 * else is text whose meaning depends on the session (a refinement, an answer, y/n/v at an approval).
 */
export const AGENT_NAMES = ['universal-agent'] as const;

export type PromptCommand =
  | { kind: 'agent'; agent: string; task: string }
  | { kind: 'auto' }
  | { kind: 'exec'; command: string }
  | { kind: 'help' }
  | { kind: 'jobs' }
  | { kind: 'status' }
  | { kind: 'quit' }
  | { kind: 'text'; text: string }
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string };

const SIMPLE: Record<string, PromptCommand> = {
  '/auto': { kind: 'auto' },
  '/help': { kind: 'help' },
  '/?': { kind: 'help' },
  '/jobs': { kind: 'jobs' },
  '/status': { kind: 'status' },
  '/quit': { kind: 'quit' },
  '/exit': { kind: 'quit' },
};

/** A task given in matching quotes loses them; an unquoted task is taken as typed. */
export function unquote(text: string): string {
  const trimmed = text.trim();
  const quote = trimmed[0];
  if ((quote === '"' || quote === "'") && trimmed.length >= 2 && trimmed.endsWith(quote)) {
    return trimmed
      .slice(1, -1)
      .replace(new RegExp(`\\\\${quote}`, 'g'), quote)
      .trim();
  }
  return trimmed;
}

function parseAgent(rest: string): PromptCommand {
  const match = /^(\S+)\s*([\s\S]*)$/.exec(rest.trim());
  if (!match) return { kind: 'invalid', message: 'Name the agent and the task: /agent universal-agent "<task>".' };
  const [, agent, taskText] = match as unknown as [string, string, string];
  if (!(AGENT_NAMES as readonly string[]).includes(agent)) {
    return { kind: 'invalid', message: `There is no agent "${agent}"; use /agent universal-agent "<task>".` };
  }
  const task = unquote(taskText);
  if (task === '') return { kind: 'invalid', message: 'Say what to do: /agent universal-agent "<task>".' };
  return { kind: 'agent', agent, task };
}

export function parsePromptLine(line: string): PromptCommand {
  const text = line.trim();
  if (text === '') return { kind: 'empty' };
  if (!text.startsWith('/')) return { kind: 'text', text };
  const [word = '', ...restParts] = text.split(/\s+/);
  const name = word.toLowerCase();
  const rest = text.slice(word.length).trim();
  if (name === '/agent') return parseAgent(rest);
  if (name === '/exec') {
    return rest === ''
      ? { kind: 'invalid', message: 'Give the command to run: /exec <command>, e.g. /exec npm test.' }
      : { kind: 'exec', command: rest };
  }
  const simple = SIMPLE[name];
  if (simple && restParts.length === 0) return simple;
  if (simple) return { kind: 'invalid', message: `${name} takes no arguments; type ${name} alone.` };
  return { kind: 'invalid', message: `Unknown command "${word}"; type /help for the commands.` };
}

export const HELP_TEXT = [
  'Commands:',
  '  /agent universal-agent "<task>"  plan and run a task (quotes optional)',
  '  /auto                            toggle auto mode (run plans without asking for approval)',
  '  /exec <command>                  run a shell command in the project folder and show its output',
  '  /jobs                            recent task sessions (id, status, task)',
  '  /status                          daemon health',
  '  /help                            this list',
  '  /quit                            leave (also Ctrl-D, or Ctrl-C twice)',
  'At an approval: y approve, n reject, v view the changes per step, or type to refine the plan.',
  'After a result or a question: type to refine the result or answer; /agent starts a new session.',
  'Ctrl-C while a job runs cancels the job.',
].join('\n');
