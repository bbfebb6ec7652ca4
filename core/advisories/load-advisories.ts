/**
 * Where advisories come from: the list shipped with agentd (advisories.json beside this module), or
 * an installed newer one at ~/.agentd/advisories.json (written by installAdvisories, e.g. through
 * `agentd advisories update --from <file>`), which wins when its generatedAt is later. Loaded lists
 * are cached per path and modification time.
 */
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentdError } from '../errors/agentd-error.js';
import shippedJson from './advisories.json' with { type: 'json' };
import type { Advisory, AdvisoryFile } from './advisory-types.js';
import { validateAdvisoryFile } from './validate-advisories.js';

/** The shipped list's path (the import above also makes tsc copy it into dist/). */
export const SHIPPED_ADVISORIES = fileURLToPath(new URL('./advisories.json', import.meta.url));
let shipped: AdvisoryFile | null = null;

/**
 * The shipped list as it is: a test checks that it is exactly what validation makes of it (so it is
 * valid and normalised), which spares every scan validating 276 advisories and loading node-semver to
 * check their ranges. Lists installed later are validated when read (readAdvisoryFile).
 */
export function shippedAdvisories(): AdvisoryFile {
  shipped ??= shippedJson as AdvisoryFile;
  return shipped;
}

export function userAdvisoriesPath(homeDir: string = os.homedir()): string {
  return path.join(homeDir, '.agentd', 'advisories.json');
}

const cache = new Map<string, { mtimeMs: number; file: AdvisoryFile }>();

/** Reads and validates one advisory file (cached while it is unchanged). */
export function readAdvisoryFile(file: string): AdvisoryFile {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch (error) {
    throw new AgentdError('file_not_found', `Advisory file "${file}" does not exist; pass an existing file.`, { cause: error });
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.file;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentdError('invalid_advisories', `Advisory file "${file}" is not valid JSON; fix it or export it again.`, { cause: error });
  }
  const parsed = validateAdvisoryFile(json, file);
  cache.set(file, { mtimeMs, file: parsed });
  return parsed;
}

export interface LoadedAdvisories extends AdvisoryFile {
  /** The file the list was read from. */
  path: string;
  byPackage: Map<string, Advisory[]>;
}

function index(file: AdvisoryFile, from: string): LoadedAdvisories {
  const byPackage = new Map<string, Advisory[]>();
  for (const a of file.advisories) byPackage.set(a.package, [...(byPackage.get(a.package) ?? []), a]);
  return { ...file, path: from, byPackage };
}

/**
 * The installed list on top of the shipped one: an installed advisory replaces the shipped advisory with
 * the same id or alias, and shipped advisories it does not mention stay. Importing a few OSV records
 * (one new advisory) must not silently drop the hundreds of curated ones.
 */
function overShipped(installed: AdvisoryFile, shipped: AdvisoryFile): AdvisoryFile {
  const known = new Set(installed.advisories.flatMap((a) => [a.id, ...(a.aliases ?? [])]));
  const kept = shipped.advisories.filter((a) => ![a.id, ...(a.aliases ?? [])].some((id) => known.has(id)));
  if (kept.length === 0) return installed;
  const checked = [...new Set([...(installed.checkedPackages ?? []), ...(shipped.checkedPackages ?? [])])];
  return {
    ...installed,
    source: `${installed.source}; plus ${kept.length} advisories of agentd's shipped list it does not contain`,
    ...(checked.length > 0 ? { checkedPackages: checked } : {}),
    advisories: [...installed.advisories, ...kept],
  };
}

/**
 * The advisory list to check against: `file` when given; otherwise the installed list when it exists,
 * is valid and is newer than the shipped one (merged over it: see overShipped), else the shipped list.
 * A broken installed list is ignored (with the reason in `onWarning`) rather than leaving the check
 * without data.
 */
export function loadAdvisories(file?: string, options: { homeDir?: string; onWarning?: (message: string) => void } = {}): LoadedAdvisories {
  if (file) return index(readAdvisoryFile(file), file);
  const shipped = shippedAdvisories();
  const installedPath = userAdvisoriesPath(options.homeDir);
  try {
    statSync(installedPath);
  } catch {
    return index(shipped, SHIPPED_ADVISORIES);
  }
  try {
    const installed = readAdvisoryFile(installedPath);
    if (Date.parse(installed.generatedAt) > Date.parse(shipped.generatedAt)) return index(overShipped(installed, shipped), installedPath);
  } catch (error) {
    options.onWarning?.(`Ignoring installed advisories "${installedPath}": ${(error as Error).message}`);
  }
  return index(shipped, SHIPPED_ADVISORIES);
}
