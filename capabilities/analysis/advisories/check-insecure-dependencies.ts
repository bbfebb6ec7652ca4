/**
 * checkInsecureDependencies: the project's package.json and package-lock.json, read through the
 * capability context (the lock file through `readLockFile`, which allows real lock files' sizes), checked against the advisory list (loadAdvisories). For analysis.security.
 */
import { loadAdvisories, type CapabilityContext, type Finding } from '../../../core/index.js';
import { parseLockFile, readDependencyFile, type LockedPackage } from './lock-file.js';
import { matchDependencies } from './match-dependencies.js';
import { parseManifest, type PackageManifest } from './package-manifest.js';

export interface DependencyScan {
  findings: Finding[];
  /** Which list was used and how much of the project could be checked. */
  advisories: { path: string; generatedAt: string; count: number };
  lockFile: string | null;
  checkedPackages: number;
  notes: string[];
}

async function readOptional(ctx: CapabilityContext, file: string, notes: string[]): Promise<string | null> {
  if (!(await ctx.workspace.exists(file))) return null;
  try {
    return await readDependencyFile(ctx, file);
  } catch (error) {
    if ((error as { code?: string }).code === 'tool_call_limit' || ctx.signal.aborted) throw error;
    notes.push(`"${file}" could not be read (${(error as Error).message}); checked without it.`);
    return null;
  }
}

function parseOr<T>(text: string | null, parse: (text: string) => T, file: string, notes: string[]): T | null {
  if (text === null) return null;
  try {
    return parse(text);
  } catch (error) {
    notes.push(`"${file}" is not valid JSON (${(error as Error).message}); checked without it.`);
    return null;
  }
}

export async function scanDependencies(ctx: CapabilityContext, options: { advisoriesFile?: string } = {}): Promise<DependencyScan> {
  const notes: string[] = [];
  const advisories = loadAdvisories(options.advisoriesFile, { onWarning: (m) => notes.push(m) });
  const manifest = parseOr<PackageManifest>(await readOptional(ctx, 'package.json', notes), parseManifest, 'package.json', notes);
  const lockPackages = parseOr<LockedPackage[]>(
    await readOptional(ctx, 'package-lock.json', notes),
    parseLockFile,
    'package-lock.json',
    notes,
  );
  const lock = lockPackages ? { file: 'package-lock.json', packages: lockPackages } : null;
  return {
    findings: matchDependencies(manifest, lock, advisories.byPackage),
    advisories: { path: advisories.path, generatedAt: advisories.generatedAt, count: advisories.advisories.length },
    lockFile: lock?.file ?? null,
    checkedPackages: lock ? lock.packages.length : (manifest?.dependencies.length ?? 0),
    notes,
  };
}

export async function checkInsecureDependencies(ctx: CapabilityContext, options: { advisoriesFile?: string } = {}): Promise<Finding[]> {
  return (await scanDependencies(ctx, options)).findings;
}
