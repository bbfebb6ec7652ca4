import type { Argv } from 'yargs';

/** Options of every command that talks to a running daemon (status, logs, and the client commands to come). */
export interface ApiOptions {
  apiUrl: string;
  apiKey?: string;
}

export const DEFAULT_API_URL = 'http://localhost:3000';

/**
 * Where the daemon URL came from: the `--api-url` flag, the AGENTD_API_URL variable, or neither (the
 * default). `agentd agent` only falls back to an embedded engine when neither named a daemon.
 */
export function apiUrlSource(args: readonly string[], env: NodeJS.ProcessEnv): '--api-url' | 'AGENTD_API_URL' | null {
  if (args.some((arg) => arg === '--api-url' || arg.startsWith('--api-url=') || arg === '--apiUrl' || arg.startsWith('--apiUrl=')))
    return '--api-url';
  return env.AGENTD_API_URL ? 'AGENTD_API_URL' : null;
}

/**
 * `--api-url` (or AGENTD_API_URL) and `--api-key` (or AGENTD_API_KEY). The key is read from the environment here rather
 * than with yargs' `.env()`, which would also turn AGENTD_PORT and friends into flags and blur the
 * configuration's sources.
 */
export function withApiOptions<T>(yargs: Argv<T>): Argv<T & ApiOptions> {
  return yargs
    .option('api-url', {
      type: 'string',
      default: process.env.AGENTD_API_URL || DEFAULT_API_URL,
      defaultDescription: `$AGENTD_API_URL or ${DEFAULT_API_URL}`,
      describe: 'Base URL of the daemon',
      coerce: checkApiUrl,
    })
    .option('api-key', {
      type: 'string',
      default: process.env.AGENTD_API_KEY || undefined,
      defaultDescription: '$AGENTD_API_KEY',
      describe: 'API key sent as "Authorization: Bearer <key>"',
    }) as unknown as Argv<T & ApiOptions>;
}

function checkApiUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`--api-url (or AGENTD_API_URL) "${value}" is not an http(s) URL; use a form like ${DEFAULT_API_URL}.`);
  }
  return value;
}
