/**
 * Flags the executor process must not inherit. On Node 20 `--max-old-space-size` (from execArgv or
 * NODE_OPTIONS) silently overrides a worker's `resourceLimits`, which would disable memory_limit;
 * `--inspect*` would fight the parent for its debugger port.
 */
const STRIPPED = ['max-old-space-size', 'max-semi-space-size', 'max-young-generation-size', 'max-heap-size', 'inspect', 'inspect-brk', 'inspect-port', 'inspect-wait'];

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

/** The environment for the executor: the parent's, with NODE_OPTIONS cleaned the same way. */
export function cleanEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  const options = copy.NODE_OPTIONS;
  if (options !== undefined) {
    const cleaned = cleanFlags(options.split(/\s+/).filter(Boolean)).join(' ');
    if (cleaned) copy.NODE_OPTIONS = cleaned;
    else delete copy.NODE_OPTIONS;
  }
  return copy;
}
