/**
 * Import specifiers in the style each file already writes. TypeScript's "Move to file" picks the
 * shortest specifier, so a file that imports the project through a tsconfig `paths` alias
 * (`@/lib/math`) could get `../ops` for the moved name, and a file that only ever imports relatively
 * could get an alias. After the move, every import or export specifier a file did not have before is
 * rewritten to the file's own style: alias-only files (siblings through `./` allowed) get the alias, and
 * files without any alias get a relative path. Files that mix both, and specifiers that no `paths`
 * entry can express, are left as TypeScript wrote them. The move's type-check afterwards catches an
 * alias that would not resolve.
 */
import { posix } from 'node:path';
import { ts } from 'ts-morph';
import type { FileEdits } from '../ts-project/file-edits.js';

type Style = 'alias' | 'relative';

interface PathAlias {
  /** A key without `*` ("zustand" -> "./src/index.ts") names one module: it matches only itself. */
  exact: boolean;
  /** The key's text before and after its `*` ("@/" and ""). */
  prefix: string;
  suffix: string;
  /** Where it points, as an absolute project path, before and after the `*`. */
  targetPrefix: string;
  targetSuffix: string;
}

/** The `paths` entries with one `*` (or none), their first substitution resolved against the base. */
export function pathAliases(options: ts.CompilerOptions): PathAlias[] {
  const paths = options.paths;
  const base = options.baseUrl ?? (options.pathsBasePath as string | undefined) ?? posix.dirname(String(options.configFilePath ?? '/'));
  if (!paths) return [];
  const aliases: PathAlias[] = [];
  for (const [key, substitutions] of Object.entries(paths)) {
    const first = substitutions[0];
    if (!first || key.split('*').length > 2 || first.split('*').length !== key.split('*').length) continue;
    const [prefix, suffix = ''] = key.split('*') as [string, string?];
    // A catch-all key ("*") would read every package import as an alias.
    if (prefix === '') continue;
    const [targetPrefix, targetSuffix = ''] = posix.join(base, first).split('*') as [string, string?];
    // posix.join drops a trailing slash of "src/*": put it back.
    const slash = first.split('*')[0]!.endsWith('/') && !targetPrefix.endsWith('/') ? '/' : '';
    aliases.push({ exact: !key.includes('*'), prefix, suffix, targetPrefix: targetPrefix + slash, targetSuffix });
  }
  return aliases;
}

/** Rewrites the specifiers each edited file gained to the style its original text used. Returns how many changed. */
export function followSpecifierStyle(
  edits: FileEdits,
  original: (path: string) => string | undefined,
  sourcePath: string,
  options: ts.CompilerOptions,
): number {
  const aliases = pathAliases(options);
  if (aliases.length === 0) return 0;
  let changed = 0;
  for (const [path, text] of edits) {
    if (text === null) continue;
    // A new file (the move's target) writes like the file the declaration came from.
    const before = original(path) ?? original(sourcePath) ?? '';
    const had = new Set(specifiers(before, path).map((s) => s.text));
    const style = styleOf([...had], aliases);
    if (!style) continue;
    const replacements = specifiers(text, path)
      .filter((s) => !had.has(s.text))
      .map((s) => ({ ...s, to: convert(s.text, path, style, aliases) }))
      .filter((s): s is typeof s & { to: string } => s.to !== null && s.to !== s.text)
      .sort((a, b) => b.start - a.start);
    if (replacements.length === 0) continue;
    let next = text;
    for (const r of replacements) next = next.slice(0, r.start) + r.to + next.slice(r.end);
    edits.set(path, next);
    changed += replacements.length;
  }
  return changed;
}

/** The module specifiers of a file's import and export declarations, with the range of their text. */
function specifiers(text: string, path: string): { text: string; start: number; end: number }[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const found: { text: string; start: number; end: number }[] = [];
  for (const statement of file.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    found.push({ text: specifier.text, start: specifier.getStart(file) + 1, end: specifier.getEnd() - 1 });
  }
  return found;
}

const matches = (a: PathAlias, specifier: string): boolean =>
  a.exact
    ? specifier === a.prefix
    : specifier.startsWith(a.prefix) && specifier.endsWith(a.suffix) && specifier.length > a.prefix.length + a.suffix.length;

const isAlias = (specifier: string, aliases: PathAlias[]): boolean => aliases.some((a) => matches(a, specifier));

/** "alias": project imports through aliases (and `./` siblings at most); "relative": never an alias; null: mixed or none. */
function styleOf(had: string[], aliases: PathAlias[]): Style | null {
  const viaAlias = had.filter((s) => isAlias(s, aliases)).length;
  const upward = had.filter((s) => s.startsWith('../')).length;
  const relative = had.filter((s) => s.startsWith('.')).length;
  if (viaAlias > 0 && upward === 0) return 'alias';
  if (viaAlias === 0 && relative > 0) return 'relative';
  return null;
}

function convert(specifier: string, fromFile: string, style: Style, aliases: PathAlias[]): string | null {
  if (style === 'alias') {
    if (!specifier.startsWith('../')) return null;
    const target = posix.join(posix.dirname(fromFile), specifier);
    for (const a of aliases) {
      if (a.exact) {
        if (target === a.targetPrefix) return a.prefix;
        continue;
      }
      if (!target.startsWith(a.targetPrefix) || !target.endsWith(a.targetSuffix)) continue;
      const middle = target.slice(a.targetPrefix.length, target.length - a.targetSuffix.length);
      if (middle !== '') return a.prefix + middle + a.suffix;
    }
    return null;
  }
  const alias = aliases.find((a) => matches(a, specifier));
  if (!alias) return null;
  const target = alias.exact
    ? alias.targetPrefix
    : alias.targetPrefix + specifier.slice(alias.prefix.length, specifier.length - alias.suffix.length) + alias.targetSuffix;
  const relative = posix.relative(posix.dirname(fromFile), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}
