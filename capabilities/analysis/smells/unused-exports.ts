/**
 * smells/unused-export across the project, from every module's facts (tree-sitter, no type checker):
 * relative specifiers are resolved as TypeScript's bundler/NodeNext resolution would (`./a.js` finds
 * `a.ts`, a folder finds its index); `@/x` and `~/x` aliases try `src/x`; any other specifier that
 * resolves to no file is a package, except that names imported through it also count as used in
 * case it is an alias we could not resolve (fewer false alarms, a few misses).
 */
import path from 'node:path';
import ignore from 'ignore';
import type { Finding } from '../../../core/index.js';
import type { ModuleFacts } from './module-facts.js';
import { loadPattern, stemOf } from './load-patterns.js';
import { isTestFile } from '../../../core/index.js';

export interface ExportIndexInput {
  modules: Map<string, ModuleFacts>;
  /** package.json main/module/exports/bin/types values and user globs. */
  entryPoints: string[];
  includeTypes: boolean;
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

function resolveSpecifier(from: string, specifier: string, files: Set<string>): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else if (/^[@~]\//.test(specifier)) base = path.posix.join('src', specifier.slice(2));
  else base = path.posix.normalize(specifier);
  if (files.has(base)) return base;
  // The candidates in order, tried as they are made: most specifiers resolve on the first few.
  const stem = base.replace(/\.([cm]?js|jsx)$/, '');
  for (const e of EXTENSIONS) if (files.has(stem + e)) return stem + e;
  for (const e of EXTENSIONS) if (files.has(`${base}/index${e}`)) return `${base}/index${e}`;
  if (!specifier.startsWith('.')) for (const e of EXTENSIONS) if (files.has(`src/${stem}${e}`)) return `src/${stem}${e}`;
  return undefined;
}

/**
 * resolveSpecifier over one file set, remembered per folder and specifier: files of a folder import
 * the same neighbours, and the re-export pass resolves every `export ... from` again on each round.
 */
function resolverOver(files: Set<string>): (from: string, specifier: string) => string | undefined {
  const resolved = new Map<string, string | undefined>();
  return (from, specifier) => {
    // A bare or aliased specifier resolves the same from any folder.
    const key = specifier.startsWith('.') ? `${path.posix.dirname(from)}\0${specifier}` : `\0${specifier}`;
    if (resolved.has(key)) return resolved.get(key);
    const target = resolveSpecifier(from, specifier, files);
    resolved.set(key, target);
    return target;
  };
}

type Resolve = ReturnType<typeof resolverOver>;

/**
 * Files whose exports a framework reads by name, never through an import: Next.js app-router files
 * (`GET`/`POST` of route.ts, `metadata`/`generateStaticParams` of page.tsx...), pages-router pages
 * (`getServerSideProps`), middleware and instrumentation, SvelteKit `+page`/`+server` modules, Remix
 * routes and Storybook stories.
 */
const FRAMEWORK_ENTRY = new RegExp(
  [
    String.raw`(^|/)app/(.+/)?(page|layout|route|loading|error|not-found|template|default|global-error|head|opengraph-image|twitter-image|icon|apple-icon|sitemap|robots|manifest)\.[cm]?[jt]sx?$`,
    String.raw`(^|/)pages/.+\.[cm]?[jt]sx?$`,
    String.raw`(^|/)(src/)?(middleware|instrumentation)\.[cm]?[jt]s$`,
    String.raw`(^|/)\+(page|layout|server|error)(\.server)?\.[cm]?[jt]s$`,
    String.raw`(^|/)app/routes/.+\.[cm]?[jt]sx?$`,
    String.raw`\.stories\.[cm]?[jt]sx?$`,
  ].join('|'),
);

/** Entry points: their exports are the package's public API, or a framework's. */
function isEntry(file: string, matcher: ReturnType<typeof ignore>): boolean {
  const name = path.posix.basename(file);
  return (
    /^index\.[cm]?[jt]sx?$/.test(name) ||
    /\.config\.[cm]?[jt]s$/.test(name) ||
    isTestFile(file) ||
    FRAMEWORK_ENTRY.test(file) ||
    matcher.ignores(file)
  );
}

type Used = Map<string, Set<string>>;

function markUsed(used: Used, file: string, name: string): boolean {
  const names = used.get(file) ?? new Set<string>();
  used.set(file, names);
  if (names.has(name) || names.has('*')) return false;
  names.add(name);
  return true;
}

/** Modules loaded by path (ModuleFacts.loads): a runtime reads their exports by name, so all count as used. */
function markLoaded(modules: Map<string, ModuleFacts>, files: Set<string>, resolve: Resolve, used: Used): void {
  const patterns: RegExp[] = [];
  for (const [file, facts] of modules) {
    for (const load of facts.loads) {
      if (load.includes('*')) patterns.push(loadPattern(file, load));
      else {
        const target = resolve(file, load);
        if (target && target !== file) markUsed(used, target, '*');
      }
    }
  }
  if (patterns.length === 0) return;
  for (const file of files) {
    const stem = stemOf(file);
    if (patterns.some((pattern) => pattern.test(stem))) markUsed(used, file, '*');
  }
}

/** Follows `export ... from` chains until nothing new is marked. */
function propagateReExports(modules: Map<string, ModuleFacts>, resolve: Resolve, used: Used): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const [file, facts] of modules) {
      const mine = used.get(file);
      if (!mine) continue;
      for (const re of facts.reExports) {
        const target = resolve(file, re.specifier);
        if (!target) continue;
        if (re.names === '*') {
          for (const name of mine) changed = markUsed(used, target, name) || changed;
          continue;
        }
        for (const [imported, exported] of re.names) {
          if (mine.has('*') || mine.has(exported)) changed = markUsed(used, target, imported) || changed;
        }
      }
    }
  }
}

export function unusedExportFindings(input: ExportIndexInput): Finding[] {
  const files = new Set(input.modules.keys());
  const matcher = ignore().add(input.entryPoints);
  const resolve = resolverOver(files);
  const used: Used = new Map();
  const unresolvedNames = new Set<string>();
  for (const [file, facts] of input.modules) {
    if (isEntry(file, matcher)) markUsed(used, file, '*');
    for (const use of facts.uses) {
      const target = resolve(file, use.specifier);
      if (target) for (const name of use.names === '*' ? ['*'] : use.names) markUsed(used, target, name);
      else if (use.names !== '*') for (const name of use.names) unresolvedNames.add(name);
    }
  }
  markLoaded(input.modules, files, resolve, used);
  propagateReExports(input.modules, resolve, used);
  const findings: Finding[] = [];
  for (const [file, facts] of input.modules) {
    const names = used.get(file) ?? new Set<string>();
    if (names.has('*')) continue;
    for (const exported of facts.exports) {
      if (exported.name === 'default' || names.has(exported.name) || unresolvedNames.has(exported.name)) continue;
      if (exported.kind === 'type' && !input.includeTypes) continue;
      findings.push({
        ruleId: 'smells/unused-export',
        severity: 'low',
        message: `Export '${exported.name}' of "${file}" is imported by no other file; delete it or drop the export keyword.`,
        file,
        range: exported.range,
        data: { name: exported.name, kind: exported.kind },
      });
    }
  }
  return findings;
}

/** package.json's main/module/types/exports/bin paths, with a build folder mapped back to sources. */
export function packageEntryPoints(manifest: Record<string, unknown>): string[] {
  const found: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') found.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const key of ['main', 'module', 'types', 'typings', 'browser', 'exports', 'bin']) collect(manifest[key]);
  return found
    .filter((p) => p.startsWith('.') || !p.includes(':'))
    .flatMap((p) => {
      const clean = path.posix.normalize(p).replace(/^\.\//, '');
      const stem = clean.replace(/\.(d\.)?[cm]?[jt]sx?$/, '');
      const source = stem.replace(/^(dist|build|lib|out)\//, 'src/');
      return [clean, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => source + e)];
    });
}
