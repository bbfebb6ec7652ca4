/**
 * The environment project code gets: an allow-list, never the parent's environment minus a deny-list.
 * A secret the daemon holds (API_KEY, JWT_SECRET, REDIS_URL, AGENTD_ENCRYPTION_KEY, GITHUB_*, a cloud
 * token an operator exported for something else) is absent because it was never copied, whatever it is
 * called. HOME and the temp folder point at a scratch folder of the run, so a tool's caches and
 * dot-files never reach the daemon's home.
 */

/** Copied from the parent when set: where programs are found, and how text and dates are shown. */
export const INHERITED_VARIABLES = ['PATH', 'LANG', 'LANGUAGE', 'TZ'];
/** Any LC_* locale variable is copied too. */
const LOCALE = /^LC_[A-Z_]+$/;

/**
 * Set by agentd for every run: a non-interactive run (test runners do not start watchers or prompts)
 * with plain output (agentd reads the output; colour codes only get in the way).
 */
export const FIXED_VARIABLES: Readonly<Record<string, string>> = { CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0', TERM: 'dumb' };

/** `extra`: the operator's `security.sandboxEnv` (DATABASE_URL of a test database); it cannot replace the fixed variables or HOME/TMPDIR. */
export function sandboxEnv(parent: NodeJS.ProcessEnv, scratch: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined) continue;
    if (INHERITED_VARIABLES.includes(name) || LOCALE.test(name)) env[name] = value;
  }
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
  return { ...env, ...extra, ...FIXED_VARIABLES, HOME: scratch, TMPDIR: scratch, TMP: scratch, TEMP: scratch };
}
