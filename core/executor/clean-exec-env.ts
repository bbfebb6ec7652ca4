/**
 * What the executor process inherits. Its environment is an allow-list: capabilities need no secret,
 * so the daemon's API key, JWT secret, encryption key, Redis URL and password, GitHub credentials — and
 * whatever else an operator exported — never reach the process that runs them.
 *
 * Flags the executor process must not inherit. On Node 20 `--max-old-space-size` (from execArgv or
 * NODE_OPTIONS) silently overrides a worker's `resourceLimits`, which would disable memory_limit;
 * `--inspect*` would fight the parent for its debugger port.
 */
const STRIPPED = [
  'max-old-space-size',
  'max-semi-space-size',
  'max-young-generation-size',
  'max-heap-size',
  'inspect',
  'inspect-brk',
  'inspect-port',
  'inspect-wait',
];

function flagName(token: string): string | null {
  if (!token.startsWith('--')) return null;
  return token.slice(2).split('=')[0]!.replace(/_/g, '-');
}

function isStripped(token: string): boolean {
  const name = flagName(token);
  return name !== null && STRIPPED.includes(name);
}

/** Removes the stripped flags, including a value given as the next token (`--max-old-space-size 4096`). */
export function cleanFlags(tokens: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!isStripped(token)) {
      kept.push(token);
      continue;
    }
    const next = tokens[i + 1];
    if (!token.includes('=') && next !== undefined && /^\d+$/.test(next)) i++;
  }
  return kept;
}

/**
 * The variables the executor keeps: where programs and temp files are, the locale, Node's own runtime
 * settings, and agentd's settings of the parser and the sandbox (core/sandbox).
 */
export const EXECUTOR_VARIABLES = [
  'PATH',
  'HOME',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LANGUAGE',
  'TZ',
  'NODE_ENV',
  'NODE_OPTIONS',
  'NODE_V8_COVERAGE',
  'UV_THREADPOOL_SIZE',
  'AGENTD_NATIVE_PARSER',
  'AGENTD_PARSE_THREADS',
  'AGENTD_SANDBOX_ISOLATION',
  'AGENTD_SANDBOX_HIDE',
];
const LOCALE = /^LC_[A-Z_]+$/;

/** The environment for the executor: the allow-listed variables of the parent, NODE_OPTIONS cleaned as execArgv is, then `extra`. */
export function executorEnv(env: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && (EXECUTOR_VARIABLES.includes(name) || LOCALE.test(name))) kept[name] = value;
  }
  const options = kept.NODE_OPTIONS;
  if (options !== undefined) {
    const cleaned = cleanFlags(options.split(/\s+/).filter(Boolean)).join(' ');
    if (cleaned) kept.NODE_OPTIONS = cleaned;
    else delete kept.NODE_OPTIONS;
  }
  return { ...kept, ...extra };
}
