/** The secret values of a daemon's configuration: what its SecretRedactor removes from every outgoing text. */
import { readFileSync } from 'node:fs';
import type { AgentdConfig } from '../config/types.js';

/** The GitHub App's private key: the whole PEM and each line of its body (a line alone is already a leak). */
function privateKeyParts(file: string | null): string[] {
  if (!file) return [];
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const body = pem
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length >= 16 && !line.startsWith('-----'));
  return [pem.trim(), ...body];
}

export function daemonSecrets(config: AgentdConfig): string[] {
  const { security, github, queue } = config;
  const values = [
    security.apiKey,
    security.jwtSecret,
    security.encryption.key,
    github.webhookSecret,
    queue.external.password,
    ...privateKeyParts(github.privateKeyPath),
  ];
  return values.filter((value): value is string => typeof value === 'string' && value !== '');
}
