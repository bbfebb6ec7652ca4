/**
 * Keys and secrets too weak to protect anything are refused at start-up, as `API_KEY=" "` once was
 * accepted. A secret must be long enough, not padded with whitespace, and not a short pattern repeated
 * (at least MIN_DISTINCT different characters) — a random value from `openssl rand` always passes.
 * The Redis password is Redis's to choose and is not judged here.
 */
import { findSource, getPath, type PlainObject, type SourceMap } from './layers.js';
import { valueProblem, type ConfigProblem } from './problems.js';

export const MIN_DISTINCT = 8;

/** Minimum lengths; the JWT secret follows RFC 7518 §3.2 (an HS256 key of at least 256 bits). */
export const SECRET_RULES: ReadonlyArray<{ key: string; minLength: number }> = [
  { key: 'security.apiKey', minLength: 16 },
  { key: 'security.jwtSecret', minLength: 32 },
  { key: 'github.webhookSecret', minLength: 16 },
  { key: 'security.encryption.key', minLength: 16 },
];

export function isStrongSecret(value: string, minLength: number): boolean {
  return value.length >= minLength && value.trim() === value && new Set(value).size >= MIN_DISTINCT;
}

export function checkSecretStrength(merged: PlainObject, sources: SourceMap): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const { key, minLength } of SECRET_RULES) {
    const value = getPath(merged, key);
    if (typeof value !== 'string' || isStrongSecret(value, minLength)) continue;
    problems.push(
      valueProblem(
        key,
        value,
        findSource(sources, key) ?? 'default',
        `must be at least ${minLength} characters, with at least ${MIN_DISTINCT} different ones and no leading or trailing spaces; generate one with "openssl rand -base64 ${minLength}"`,
      ),
    );
  }
  return problems;
}
