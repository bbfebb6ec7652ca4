import { AgentdError } from '../../core/errors/index.js';
import { SECRET_KEYS } from './schema.js';
import { maskUrlPassword } from './queue-url.js';
import { suggestKey } from './suggest-key.js';
import type { ConfigSource } from './types.js';

/** One thing wrong with the configuration. `line` is the full human sentence for it. */
export interface ConfigProblem {
  /** Dotted key ("server.port") or the file path for file problems. */
  key: string;
  source: ConfigSource;
  line: string;
}

/** Names that look like they hold a secret, for keys we do not know (typos of secret keys, too). */
const SECRET_LOOKING = /pass(word)?|secret|token|api[-_]?key|authorization|private[-_]?key(?!path)/i;

export function isSecretKey(key: string): boolean {
  if (SECRET_KEYS.has(key)) return true;
  const meant = suggestKey(key);
  if (meant && meant !== key && SECRET_KEYS.has(meant)) return true;
  const last = key.split('.').pop() ?? key;
  return SECRET_LOOKING.test(last) && !/path$/i.test(last);
}

/** A value as it may appear in a message: secrets become <secret>, URL passwords are masked, long text is cut. */
export function displayValue(key: string, value: unknown): string {
  if (value === undefined) return '(not set)';
  if (isSecretKey(key) && value !== null) return '<secret>';
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return '{…}';
  let text = JSON.stringify(value) ?? String(value);
  if (key === 'queue.url' || /^"rediss?:/.test(text)) text = maskUrlPassword(text);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export function valueProblem(key: string, value: unknown, source: ConfigSource, complaint: string): ConfigProblem {
  return { key, source, line: `${key} = ${displayValue(key, value)} (from ${source}): ${complaint}` };
}

/** Every problem in one AgentdError: the message joins them on one line, `details` keeps one entry each. */
export function configError(problems: ConfigProblem[]): AgentdError {
  const count = problems.length === 1 ? '' : ` (${problems.length} problems)`;
  const message = `Invalid configuration${count}: ${problems.map((p) => p.line).join('; ')}. Fix each value where it is set, then check with "agentd start --dry-run".`;
  return new AgentdError('invalid_config', message, {
    details: problems.map((p) => ({ path: p.key, message: p.line })),
  });
}
