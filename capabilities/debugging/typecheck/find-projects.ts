/**
 * Every tsconfig project of the workspace: the `tsconfig*.json` / `jsconfig.json` files it has (none in
 * node_modules), each parsed with its `extends` chain, and the projects their `references` name. A
 * solution config (`"files": []` with references) is followed, not checked itself. Project references
 * are checked as separate programs over their sources (no `tsc -b` build needed); a file two projects
 * share is reported once.
 */
import path from 'node:path';
import ts from 'typescript';
import type { CapabilityContext } from '../../../core/index.js';
import type { ConfinedFiles } from './confined-host.js';

export interface TsProject {
  /** Workspace-relative config path. */
  config: string;
  parsed: ts.ParsedCommandLine;
  /** Errors reading or parsing the config itself. */
  configErrors: ts.Diagnostic[];
}

export const CONFIG_NAME = /(^|\/)(tsconfig[^/]*\.json|jsconfig\.json)$/;

export async function configFiles(ctx: CapabilityContext, wanted?: string[]): Promise<string[]> {
  if (wanted && wanted.length > 0) return wanted;
  const listed = await ctx.workspace.list({ include: ['**/tsconfig*.json', '**/jsconfig.json'], extensions: ['.json'] });
  // Shallow configs first (the root's tsconfig.json before a package's), then by name.
  return listed.filter((p) => CONFIG_NAME.test(p)).sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

export function loadProjects(files: ConfinedFiles, configs: string[]): TsProject[] {
  const out: TsProject[] = [];
  const seen = new Set<string>();
  const bases = extendedBases(files, configs);
  const queue = configs.map((c) => path.resolve(files.root, c)).filter((c) => !bases.has(c));
  while (queue.length > 0) {
    const full = queue.shift()!;
    if (seen.has(full)) continue;
    seen.add(full);
    if (!files.allowed(full)) continue;
    const configErrors: ts.Diagnostic[] = [];
    const parsed = ts.getParsedCommandLineOfConfigFile(full, { noEmit: true }, files.parseConfigHost(configErrors));
    if (!parsed) {
      out.push({ config: rel(files.root, full), parsed: { options: {}, fileNames: [], errors: [] }, configErrors });
      continue;
    }
    for (const ref of parsed.projectReferences ?? []) queue.push(ts.resolveProjectReferencePath(ref));
    const solution = parsed.fileNames.length === 0 && (parsed.projectReferences?.length ?? 0) > 0;
    // "No inputs were found" (TS18003) of a solution-style config is expected.
    const errors = parsed.errors.filter((d) => !(solution && d.code === 18003));
    if (!solution) out.push({ config: rel(files.root, full), parsed: { ...parsed, errors }, configErrors });
  }
  return out;
}

const rel = (root: string, full: string): string => path.relative(root, full).split(path.sep).join('/');

/**
 * Configs another config `extends` that name no files of their own (`tsconfig.base.json`): by default
 * they would match every .ts of their folder, but they are option sets, not projects.
 */
function extendedBases(files: ConfinedFiles, configs: string[]): Set<string> {
  const bases = new Set<string>();
  const raw = new Map<string, { extends?: string | string[]; files?: unknown; include?: unknown; references?: unknown }>();
  for (const c of configs) {
    const full = path.resolve(files.root, c);
    const read = ts.readConfigFile(full, files.readFile);
    if (read.config) raw.set(full, read.config);
  }
  for (const [full, config] of raw) {
    for (const ext of [config.extends ?? []].flat()) {
      if (!ext.startsWith('.')) continue;
      const target = path.resolve(path.dirname(full), ext.endsWith('.json') ? ext : `${ext}.json`);
      const base = raw.get(target);
      if (base && base.files === undefined && base.include === undefined && base.references === undefined) bases.add(target);
    }
  }
  return bases;
}
