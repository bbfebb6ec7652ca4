/**
 * Two import conventions TypeScript's "Move to file" does not read from the project, settled on the
 * imports a file gained (never on the ones it had):
 * - `.ts` endings: a file whose relative imports all name the `.ts` file (`allowImportingTsExtensions`
 *   projects such as zustand) gets the ending on a new relative import too (the service wrote
 *   `'./persist'` in a new target, since a new file has no imports to infer the ending from); a file
 *   with no relative import of its own, nor its source, follows the project's (≥ 3 imports, ≥ 90 %);
 * - sorted members: when the project's imports with several named members are sorted (ESLint's
 *   sort-imports member order, by local name, case-sensitive) — at least 3 of them and 90 % — the
 *   members of a gained import are sorted too (the service lists them in order of use).
 */
import { posix } from 'node:path';
import { ts } from 'ts-morph';
import type { FileEdits } from '../ts-project/file-edits.js';

const TS_ENDING = /\.(?:c|m)?tsx?$/;
const ANY_ENDING = /\.(?:c|m)?[jt]sx?$/;
/** A specifier ending in a file extension (after its last slash). */
const ASSET = /\/[^/]*\.[A-Za-z0-9]+$/;
const TRY = ['.ts', '.tsx', '.mts', '.cts', '/index.ts', '/index.tsx'];

interface ImportFacts {
  declaration: ts.ImportDeclaration | ts.ExportDeclaration;
  specifier: string;
  text: string;
}

function importsOf(text: string, path: string): { file: ts.SourceFile; imports: ImportFacts[] } {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const imports: ImportFacts[] = [];
  for (const statement of file.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    imports.push({ declaration: statement, specifier: specifier.text, text: statement.getText(file) });
  }
  return { file, imports };
}

/** Adds the `.ts` ending to the relative specifiers a file gained when its own relative imports all carry one. */
export function followTsEndings(
  edits: FileEdits,
  original: (path: string) => string | undefined,
  sourcePath: string,
  exists: (path: string) => boolean,
  projectEndsTs: boolean,
): number {
  let changed = 0;
  for (const [path, text] of edits) {
    if (text === null) continue;
    const before = importsOf(original(path) ?? original(sourcePath) ?? '', path).imports.filter((i) => i.specifier.startsWith('.'));
    // A file with no relative import of its own to go by (a new target moved out of a source without
    // any, zustand's vanilla.ts) follows the project's convention.
    if (before.length === 0 ? !projectEndsTs : !before.every((i) => TS_ENDING.test(i.specifier))) continue;
    const had = new Set(before.map((i) => i.specifier));
    const { file, imports } = importsOf(text, path);
    const replacements: { start: number; end: number; to: string }[] = [];
    for (const i of imports) {
      if (!i.specifier.startsWith('.') || had.has(i.specifier) || ANY_ENDING.test(i.specifier)) continue;
      const target = posix.join(posix.dirname(path), i.specifier);
      const ending = TRY.find((e) => exists(target + e));
      if (!ending) continue;
      const literal = i.declaration.moduleSpecifier!;
      replacements.push({ start: literal.getStart(file) + 1, end: literal.getEnd() - 1, to: i.specifier + ending });
    }
    if (replacements.length === 0) continue;
    edits.set(path, applyReplacements(text, replacements));
    changed += replacements.length;
  }
  return changed;
}

/** True when the project's relative imports name the `.ts` file: at least 3 of them and 90 %. */
export function projectUsesTsEndings(texts: Iterable<[string, string]>): boolean {
  let ending = 0;
  let relative = 0;
  for (const [path, text] of texts) {
    if (!/\.(?:c|m)?tsx?$/.test(path) || path.includes('node_modules/')) continue;
    for (const i of importsOf(text, path).imports) {
      // Assets (`./index.css`, `./logo.svg`, `./data.json`) say nothing about how modules are named.
      if (!i.specifier.startsWith('.') || (ASSET.test(i.specifier) && !ANY_ENDING.test(i.specifier))) continue;
      relative += 1;
      if (TS_ENDING.test(i.specifier)) ending += 1;
    }
  }
  return relative >= 3 && ending >= relative * 0.9;
}

/** True when the project sorts the named members of its imports (≥ 3 such imports, ≥ 90 % sorted). */
export function projectSortsImportMembers(texts: Iterable<[string, string]>): boolean {
  let sorted = 0;
  let several = 0;
  for (const [path, text] of texts) {
    if (!/\.(?:c|m)?[jt]sx?$/.test(path) || path.includes('node_modules/')) continue;
    for (const i of importsOf(text, path).imports) {
      const names = memberNames(i.declaration);
      if (names.length < 2) continue;
      several += 1;
      if (isSorted(names)) sorted += 1;
    }
  }
  return several >= 3 && sorted / several >= 0.9;
}

/** Sorts the members of the imports each edited file gained (its original text did not have them). */
export function sortGainedImportMembers(edits: FileEdits, original: (path: string) => string | undefined): number {
  let changed = 0;
  for (const [path, text] of edits) {
    if (text === null) continue;
    const had = new Set(importsOf(original(path) ?? '', path).imports.map((i) => i.text));
    const { file, imports } = importsOf(text, path);
    const replacements: { start: number; end: number; to: string }[] = [];
    for (const i of imports) {
      if (had.has(i.text)) continue;
      const elements = elementsOf(i.declaration);
      if (!elements || elements.length < 2 || isSorted(elements.map(localName))) continue;
      const sorted = [...elements].sort((a, b) => compare(localName(a), localName(b)));
      // Each member keeps its own text (`type X`, `a as b`); the list's layout (one line or several) stays.
      elements.forEach((element, index) =>
        replacements.push({ start: element.getStart(file), end: element.getEnd(), to: sorted[index]!.getText(file) }),
      );
    }
    if (replacements.length === 0) continue;
    edits.set(path, applyReplacements(text, replacements));
    changed += 1;
  }
  return changed;
}

type Member = ts.ImportSpecifier | ts.ExportSpecifier;

function elementsOf(declaration: ts.ImportDeclaration | ts.ExportDeclaration): readonly Member[] | null {
  if (ts.isImportDeclaration(declaration)) {
    const bindings = declaration.importClause?.namedBindings;
    return bindings && ts.isNamedImports(bindings) ? bindings.elements : null;
  }
  return declaration.exportClause && ts.isNamedExports(declaration.exportClause) ? declaration.exportClause.elements : null;
}

const localName = (member: Member): string => member.name.text;
const memberNames = (declaration: ts.ImportDeclaration | ts.ExportDeclaration): string[] => (elementsOf(declaration) ?? []).map(localName);
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const isSorted = (names: string[]): boolean => names.every((name, i) => i === 0 || compare(names[i - 1]!, name) <= 0);

function applyReplacements(text: string, replacements: { start: number; end: number; to: string }[]): string {
  return [...replacements].sort((a, b) => b.start - a.start).reduce((out, r) => out.slice(0, r.start) + r.to + out.slice(r.end), text);
}
