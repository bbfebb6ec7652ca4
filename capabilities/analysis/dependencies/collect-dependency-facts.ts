/** Gathers analyzeDependencies' input through the context: the import graph, manifests, lock file and config texts. */
import type { CapabilityContext, SkippedSource } from '../../../core/index.js';
import { parseLockFile, readDependencyFile } from '../advisories/lock-file.js';
import { parseManifest, type PackageManifest } from '../advisories/package-manifest.js';
import { buildImportGraph } from '../import-graph/import-graph.js';
import { parseJsonc } from '../import-graph/parse-jsonc.js';
import type { DependencyFacts } from './analyze-dependencies.js';

const CONFIG_FILE = /^(\.[^/]+|[^/]*(config|rc)[^/]*\.(json|js|cjs|mjs|ts|cts|mts|ya?ml|toml)|\.github\/workflows\/[^/]+\.ya?ml)$/i;
const NOT_CONFIG = new Set(['package.json', 'package-lock.json', '.gitignore', '.npmignore', '.env']);
const MAX_CONFIG_FILES = 40;

async function readText(ctx: CapabilityContext, file: string, why: string[]): Promise<string | null> {
  try {
    return await readDependencyFile(ctx, file);
  } catch (error) {
    if ((error as { code?: string }).code === 'tool_call_limit') throw error;
    why.push(`"${file}": ${(error as Error).message}`);
    return null;
  }
}

export interface CollectedDependencyFacts extends DependencyFacts {
  skipped: SkippedSource[];
  notes: string[];
}

export async function collectDependencyFacts(
  ctx: CapabilityContext,
  scope: { include?: string[]; exclude?: string[] },
): Promise<CollectedDependencyFacts> {
  const files = (await ctx.workspace.list()).sort();
  const { skipped, ...graph } = await buildImportGraph(ctx, scope, files);
  const notes: string[] = [];
  const manifestText = files.includes('package.json') ? await readText(ctx, 'package.json', notes) : null;
  let manifest: PackageManifest | null = null;
  try {
    manifest = manifestText === null ? null : parseManifest(manifestText);
  } catch (error) {
    notes.push(`"package.json" is not valid JSON: ${(error as Error).message}`);
  }
  // The file list leaves out files over the read limit; ask for the lock file by name.
  const lockText = (await ctx.workspace.exists('package-lock.json')) ? await readText(ctx, 'package-lock.json', notes) : null;
  const configFiles = files.filter((f) => CONFIG_FILE.test(f) && !NOT_CONFIG.has(f)).slice(0, MAX_CONFIG_FILES);
  const configTexts = await Promise.all(configFiles.map((f) => readText(ctx, f, notes)));
  const tsconfig = configFiles.includes('tsconfig.json') ? configTexts[configFiles.indexOf('tsconfig.json')] : null;
  const localManifests = files.filter((f) => f.endsWith('/package.json')).slice(0, 50);
  const localPackages = (await Promise.all(localManifests.map((f) => readText(ctx, f, notes)))).flatMap((text) => {
    try {
      const name = text ? (JSON.parse(text) as { name?: unknown }).name : null;
      return typeof name === 'string' ? [name] : [];
    } catch {
      return [];
    }
  });
  return {
    graph,
    skipped,
    notes,
    manifest,
    localPackages,
    nestedPackageDirs: localManifests.map((f) => f.slice(0, -'/package.json'.length)),
    lock: lockText === null ? null : { file: 'package-lock.json', packages: parseLockFile(lockText) },
    usage: {
      scripts: manifest?.scripts ?? {},
      configText: configTexts.filter((t): t is string => t !== null).join('\n'),
      hasTypeScript: tsconfig !== null || graph.sources.some((f) => /\.[cm]?tsx?$/.test(f)),
      importHelpers: tsconfig ? importHelpers(tsconfig) : false,
    },
  };
}

function importHelpers(tsconfig: string): boolean {
  try {
    return (parseJsonc(tsconfig) as { compilerOptions?: { importHelpers?: unknown } }).compilerOptions?.importHelpers === true;
  } catch {
    return false;
  }
}
