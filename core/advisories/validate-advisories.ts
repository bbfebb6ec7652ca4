/**
 * validateAdvisoryFile: checks a parsed JSON value is an agentd advisory file (or converts an OSV
 * export into one) and returns it normalised — severities lower-cased ("moderate" -> "medium"), CWE
 * ids upper-cased, ranges checked with node-semver. Throws `invalid_advisories` naming the first
 * bad field.
 */
import { AgentdError } from '../errors/agentd-error.js';
import { normaliseSeverity } from './advisory-severity.js';
import type { Advisory, AdvisoryFile } from './advisory-types.js';
import { isOsv, osvToAdvisories } from './osv-import.js';
import { isValidRange, isValidVersion } from './version-match.js';

function fail(where: string, path: string, problem: string): never {
  throw new AgentdError(
    'invalid_advisories',
    `Advisory data "${where}" is invalid at "${path}": ${problem}; fix the file or export it again.`,
  );
}

function text(value: unknown, where: string, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') fail(where, path, 'expected a non-empty string');
  return value;
}

function advisory(raw: unknown, where: string, path: string): Advisory {
  if (!raw || typeof raw !== 'object') fail(where, path, 'expected an object');
  const a = raw as Record<string, unknown>;
  const severity = normaliseSeverity(a.severity) ?? fail(where, `${path}/severity`, 'expected critical, high, medium (moderate) or low');
  const range = text(a.vulnerableRange, where, `${path}/vulnerableRange`);
  if (!isValidRange(range)) fail(where, `${path}/vulnerableRange`, `"${range}" is not a semver range`);
  const patched = a.patchedVersion ?? null;
  if (patched !== null && (typeof patched !== 'string' || !isValidVersion(patched)))
    fail(where, `${path}/patchedVersion`, 'expected a semver version or null');
  if (!Array.isArray(a.cwe) || !a.cwe.every((c) => typeof c === 'string')) fail(where, `${path}/cwe`, 'expected an array of CWE ids');
  const out: Advisory = {
    id: text(a.id, where, `${path}/id`),
    package: text(a.package, where, `${path}/package`),
    title: text(a.title, where, `${path}/title`),
    severity,
    cwe: (a.cwe as string[]).map((c) => c.toUpperCase()),
    vulnerableRange: range,
    patchedVersion: patched as string | null,
  };
  if (Array.isArray(a.aliases)) out.aliases = a.aliases.filter((x): x is string => typeof x === 'string');
  if (typeof a.url === 'string') out.url = a.url;
  if (typeof a.published === 'string') out.published = a.published;
  return out;
}

export function validateAdvisoryFile(json: unknown, where = 'advisories'): AdvisoryFile {
  if (isOsv(json)) {
    const advisories = osvToAdvisories(json).map((a, i) => advisory(a, where, `/osv/${i}`));
    return { version: 1, generatedAt: new Date().toISOString(), source: `OSV import (${advisories.length} npm advisories)`, advisories };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    fail(where, '', 'expected an object with version, generatedAt, source and advisories, or OSV JSON');
  const file = json as Record<string, unknown>;
  if (file.version !== 1) fail(where, '/version', 'expected 1');
  const generatedAt = text(file.generatedAt, where, '/generatedAt');
  if (Number.isNaN(Date.parse(generatedAt))) fail(where, '/generatedAt', 'expected an ISO timestamp');
  if (!Array.isArray(file.advisories)) fail(where, '/advisories', 'expected an array');
  const out: AdvisoryFile = {
    version: 1,
    generatedAt,
    source: text(file.source, where, '/source'),
    advisories: file.advisories.map((a, i) => advisory(a, where, `/advisories/${i}`)),
  };
  if (Array.isArray(file.checkedPackages)) out.checkedPackages = file.checkedPackages.filter((p): p is string => typeof p === 'string');
  return out;
}
