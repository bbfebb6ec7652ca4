/**
 * CommonJS -> ES modules over the whole file set at once, because an import's form depends on what
 * the imported file exports: `module.exports = value` becomes `export default` (imported as default),
 * `module.exports = { a, b }` and `exports.a = ...` become named exports (imported as a namespace, or
 * by name when destructured). A file that must stay CommonJS (see cjs-analyse) keeps every file that
 * requires it CommonJS too, and each is reported with its reasons.
 */
import type { Collection, JSCodeshift } from 'jscodeshift';
import { analyseCjs, type CjsModule, type RequireSite } from './cjs-analyse.js';
import { esmSpecifier, isBuiltin, isRelative, resolveLocal } from './cjs-resolve.js';
import { rewriteCjs, type ImportPlan } from './cjs-rewrite.js';
import { declaredNames } from './function-walk.js';

type AnyNode = { type: string; [key: string]: unknown };

export interface ParsedSource {
  file: string;
  j: JSCodeshift;
  root: Collection;
}

export interface CjsResult {
  converted: string[];
  kept: { file: string; reasons: string[] }[];
}

const CONVERTIBLE = /\.(js|jsx|ts|tsx)$/;

export function convertCjs(sources: ParsedSource[], workspaceFiles: Set<string>): CjsResult {
  const modules = new Map<string, { source: ParsedSource; info: CjsModule; plans: ImportPlan[] }>();
  for (const source of sources) {
    if (!CONVERTIBLE.test(source.file)) continue;
    const info = analyseCjs(source.j, source.root, source.file);
    if (info.alreadyEsm) continue;
    modules.set(source.file, { source, info, plans: [] });
  }
  for (const entry of modules.values()) checkExportNames(entry.info, entry.source);
  for (const entry of modules.values()) entry.plans = planImports(entry.info, modules, workspaceFiles);
  propagate(modules, workspaceFiles);
  const result: CjsResult = { converted: [], kept: [] };
  for (const [file, entry] of modules) {
    if (entry.info.blockers.length > 0) {
      result.kept.push({ file, reasons: entry.info.blockers });
      continue;
    }
    if (entry.info.requires.length === 0 && entry.info.exports.kind === 'none' && !entry.info.usesDirname) continue;
    rewriteCjs(entry.source.j, entry.source.root, entry.info, entry.plans);
    result.converted.push(file);
  }
  return result;
}

/** `exports.a = <expression>` becomes `export const a`, which needs `a` to be free at the top level. */
function checkExportNames(info: CjsModule, source: ParsedSource): void {
  if (info.exports.kind !== 'named' || info.exports.objectStatement) return;
  const program = source.root.find(source.j.Program).get().node as AnyNode;
  const declared = new Set(declaredNames(program.body as AnyNode[]));
  for (const entry of info.exports.names) {
    if (entry.value.type !== 'Identifier' && declared.has(entry.exported))
      info.blockers.push(`exports.${entry.exported} would become a second top-level "${entry.exported}"`);
  }
}

type Modules = Map<string, { source: ParsedSource; info: CjsModule; plans: ImportPlan[] }>;

function planImports(info: CjsModule, modules: Modules, files: Set<string>): ImportPlan[] {
  const plans: ImportPlan[] = [];
  for (const site of info.requires) {
    const plan = planImport(info.file, site, modules, files);
    if (typeof plan === 'string') info.blockers.push(plan);
    else plans.push(plan);
  }
  return plans;
}

function planImport(file: string, site: RequireSite, modules: Modules, files: Set<string>): ImportPlan | string {
  if (!isRelative(site.specifier)) {
    if (site.binding?.kind === 'names' && !isBuiltin(site.specifier))
      return `destructuring require("${site.specifier}") relies on the package's named exports; import its default and destructure it by hand`;
    return { site, specifier: site.specifier, style: 'default' };
  }
  const target = resolveLocal(file, site.specifier, files);
  if (!target) return `require("${site.specifier}") does not resolve to a file in the workspace`;
  if (target.endsWith('.json')) return `require("${site.specifier}") loads JSON, which needs an import attribute`;
  const specifier = esmSpecifier(file, target);
  const targetModule = modules.get(target);
  if (!targetModule) return { site, specifier, style: 'default' };
  const shape = targetModule.info.exports;
  if (site.binding?.kind === 'names') {
    const exported = new Set(shape.kind === 'named' ? shape.names.map((n) => n.exported) : []);
    const missing = site.binding.pairs.find((p) => !exported.has(p.imported));
    if (missing) return `require("${site.specifier}") destructures "${missing.imported}", which "${target}" does not export by name`;
  }
  return { site, specifier, style: shape.kind === 'default' ? 'default' : 'namespace' };
}

/**
 * A file requiring a file that stays CommonJS (or is outside the converted set) stays CommonJS too, and
 * so does a file that a CommonJS file requires (require() of an ES module gives its namespace, not
 * the value the caller expects).
 */
function propagate(modules: Modules, files: Set<string>): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const entry of modules.values()) {
      if (entry.info.blockers.length === 0) continue;
      const specifiers = [...entry.info.requires.map((r) => r.specifier), ...entry.info.otherRequires].filter(isRelative);
      for (const specifier of specifiers) {
        const target = modules.get(resolveLocal(entry.info.file, specifier, files) ?? '');
        if (target && target.info.blockers.length === 0) {
          target.info.blockers.push(`is required by "${entry.info.file}", which stays CommonJS`);
          changed = true;
        }
      }
    }
    for (const entry of modules.values()) {
      if (entry.info.blockers.length > 0) continue;
      for (const site of entry.info.requires) {
        if (!isRelative(site.specifier)) continue;
        const target = resolveLocal(entry.info.file, site.specifier, files)!;
        const targetModule = modules.get(target);
        if (!targetModule || targetModule.info.blockers.length > 0) {
          entry.info.blockers.push(
            `requires "${target}", which ${targetModule ? 'stays CommonJS' : 'is not converted in this run (include it)'}`,
          );
          changed = true;
          break;
        }
      }
    }
  }
}
