/**
 * Secure by default: a daemon without credentials (no security.apiKey or jwtSecret) lets anyone who
 * reaches its port run code changes, so it may listen on loopback only — unless server.insecure
 * (`--insecure`) says the operator knows. Returns the warning to log, or throws invalid_config.
 */
import { isIP } from 'node:net';
import { AgentdError } from '../../core/index.js';
import type { AgentdConfig } from '../config/types.js';

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

export function checkBindPolicy(config: AgentdConfig): string | null {
  const { host, insecure } = config.server;
  const authenticated = config.security.apiKey !== null || config.security.jwtSecret !== null;
  if (authenticated) return null;
  if (isLoopback(host)) {
    return `No API key is configured, so the daemon listens on loopback only (${host}) and anyone on this machine can use it; set API_KEY to require credentials.`;
  }
  if (!insecure) {
    throw new AgentdError(
      'invalid_config',
      `server.host "${host}" is not a loopback address and no security.apiKey is set, so anyone who reaches the port could run jobs; set API_KEY, bind 127.0.0.1, or pass --insecure to accept the risk.`,
    );
  }
  return `INSECURE: listening on "${host}" without an API key (--insecure); anyone who reaches this port can run jobs on your workspace.`;
}
