/**
 * OSV JSON (what the GitHub advisory database exports, one advisory per file or a list of them) to
 * agentd advisories. Each npm `affected` entry becomes one advisory; its SEMVER/ECOSYSTEM ranges'
 * events become a node-semver range: introduced/fixed pairs give ">=a <b" (introduced 0 gives "<b"),
 * last_affected gives "<=c", an open interval ">=a". Severity and CWE ids come from
 * database_specific (GitHub's fields), the id is the GHSA id, CVE aliases are kept.
 */
import { AgentdError } from '../errors/agentd-error.js';
import type { Advisory } from './advisory-types.js';
import { normaliseSeverity } from './advisory-severity.js';

interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
}

interface OsvRecord {
  id: string;
  summary?: string;
  details?: string;
  aliases?: string[];
  published?: string;
  affected?: { package?: { ecosystem?: string; name?: string }; ranges?: { type?: string; events?: OsvEvent[] }[]; versions?: string[] }[];
  database_specific?: { severity?: string; cwe_ids?: string[] };
  references?: { type?: string; url?: string }[];
}

const isRecord = (value: unknown): value is OsvRecord =>
  !!value && typeof value === 'object' && typeof (value as OsvRecord).id === 'string' && Array.isArray((value as OsvRecord).affected);

/** One OSV record, an array of them, or `{ vulns: [...] }` (the OSV API's shape). */
export function isOsv(json: unknown): boolean {
  if (isRecord(json)) return true;
  const list = Array.isArray(json) ? json : (json as { vulns?: unknown } | null)?.vulns;
  return Array.isArray(list) && list.length > 0 && list.every(isRecord);
}

export function eventsToRange(events: readonly OsvEvent[]): string {
  const parts: string[] = [];
  let introduced: string | null = null;
  for (const event of events) {
    if (event.introduced !== undefined) introduced = event.introduced;
    else if (event.fixed !== undefined || event.last_affected !== undefined) {
      const upper = event.fixed !== undefined ? `<${event.fixed}` : `<=${event.last_affected}`;
      parts.push(introduced && introduced !== '0' ? `>=${introduced} ${upper}` : upper);
      introduced = null;
    }
  }
  if (introduced !== null) parts.push(introduced === '0' ? '>=0.0.0' : `>=${introduced}`);
  return parts.join(' || ');
}

/** The fixed version of the newest release line. */
function lastFixed(events: readonly OsvEvent[]): string | null {
  const fixed = events.filter((e) => e.fixed !== undefined).map((e) => e.fixed!);
  return fixed.length > 0 ? fixed[fixed.length - 1]! : null;
}

function fromRecord(record: OsvRecord): Advisory[] {
  const severity = normaliseSeverity(record.database_specific?.severity) ?? 'medium';
  const url = record.references?.find((r) => r.type === 'ADVISORY')?.url ?? record.references?.[0]?.url;
  const out: Advisory[] = [];
  for (const affected of record.affected ?? []) {
    if (affected.package?.ecosystem?.toLowerCase() !== 'npm' || !affected.package.name) continue;
    const events = (affected.ranges ?? []).filter((r) => r.type !== 'GIT').flatMap((r) => r.events ?? []);
    const range = events.length > 0 ? eventsToRange(events) : (affected.versions ?? []).map((v) => `=${v}`).join(' || ');
    if (!range) continue;
    const advisory: Advisory = {
      id: record.id,
      package: affected.package.name,
      title: record.summary?.trim() || record.details?.split('\n')[0]?.slice(0, 200) || record.id,
      severity,
      cwe: (record.database_specific?.cwe_ids ?? []).map((c) => c.toUpperCase()),
      vulnerableRange: range,
      patchedVersion: lastFixed(events),
    };
    if (record.aliases?.length) advisory.aliases = record.aliases;
    if (url) advisory.url = url;
    if (record.published) advisory.published = record.published;
    out.push(advisory);
  }
  return out;
}

export function osvToAdvisories(json: unknown): Advisory[] {
  const list = isRecord(json) ? [json] : Array.isArray(json) ? json : (json as { vulns?: unknown[] }).vulns;
  if (!Array.isArray(list))
    throw new AgentdError('invalid_advisories', 'OSV data is neither a record nor a list of records; export OSV JSON again.');
  return (list as OsvRecord[]).flatMap(fromRecord);
}
