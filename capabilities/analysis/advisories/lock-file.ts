/**
 * package-lock.json (lockfileVersion 1, 2 and 3): every installed package with its exact version,
 * direct or transitive, and the line of its entry. v2/v3 list installs under `packages` keyed by
 * their node_modules path; v1 nests them under `dependencies`.
 */
import { LineIndex, type CapabilityContext } from '../../../core/index.js';

export interface LockedPackage {
  name: string;
  version: string;
  /** The node_modules path (v2/v3) or the chain of parents (v1). */
  path: string;
  dev: boolean;
  line: number;
}

/** A package-lock.json is read through `readLockFile` (up to 20 MB); anything else through `read` (100 KB). */
export async function readDependencyFile(ctx: CapabilityContext, file: string): Promise<string> {
  const workspace = ctx.workspace;
  return isLockFileName(file) && workspace.readLockFile ? workspace.readLockFile(file) : workspace.read(file);
}

const isLockFileName = (file: string): boolean => /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(file);

// Lock files run to megabytes and thousands of entries, so neither the search nor the line count may
// start from the top each time: entries are looked up in the order they appear in the text (JSON.parse
// keeps that order), each search starting where the last one matched, and lines come from a binary
// search over line starts.
function lineIndex(text: string): (needle: string) => number {
  const lines = new LineIndex(text);
  let from = 0;
  return (needle) => {
    let at = text.indexOf(needle, from);
    if (at === -1) at = text.indexOf(needle);
    if (at === -1) return 1;
    from = at + needle.length;
    return lines.rowOf(at) + 1;
  };
}

const nameFromPath = (key: string): string => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

export function parseLockFile(text: string): LockedPackage[] {
  const lock = JSON.parse(text) as {
    packages?: Record<string, { version?: string; dev?: boolean; link?: boolean; name?: string }>;
    dependencies?: Record<string, V1Entry>;
  };
  const lineOf = lineIndex(text);
  const out: LockedPackage[] = [];
  if (lock.packages) {
    for (const [key, entry] of Object.entries(lock.packages)) {
      // "" is the project itself; links point at workspace folders, not installed versions.
      if (!key.includes('node_modules/') || entry.link || typeof entry.version !== 'string') continue;
      out.push({
        name: entry.name ?? nameFromPath(key),
        version: entry.version,
        path: key,
        dev: entry.dev === true,
        line: lineOf(`"${key}": {`),
      });
    }
    return out;
  }
  walkV1(lock.dependencies ?? {}, '', out, lineOf);
  return out;
}

interface V1Entry {
  version?: string;
  dev?: boolean;
  dependencies?: Record<string, V1Entry>;
}

function walkV1(entries: Record<string, V1Entry>, parent: string, out: LockedPackage[], lineOf: (needle: string) => number): void {
  for (const [name, entry] of Object.entries(entries)) {
    const path = parent ? `${parent} > ${name}` : name;
    if (typeof entry.version === 'string' && /^\d/.test(entry.version)) {
      out.push({ name, version: entry.version, path, dev: entry.dev === true, line: lineOf(`"${name}": {\n`) });
    }
    if (entry.dependencies) walkV1(entry.dependencies, path, out, lineOf);
  }
}
