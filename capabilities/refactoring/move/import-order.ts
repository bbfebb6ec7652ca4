/**
 * Ordered import declarations: where a project keeps its relative imports in ascending order of their
 * paths (ESLint's import/order with `alphabetize`, case-insensitive, parents before siblings), a
 * relative import a file gained goes to its place among that file's relative imports of the same group
 * instead of after the last import (zustand: `./moved-X.ts` after `./vanilla.ts` failed import/order).
 * Read from the project: at least 3 files with two or more relative imports of a group, 90 % in order.
 */
import { ts } from 'ts-morph';
import type { FileEdits } from '../ts-project/file-edits.js';

interface Relative {
  declaration: ts.ImportDeclaration;
  specifier: string;
  group: 'parent' | 'sibling';
  key: string;
}

function relativeImports(file: ts.SourceFile): Relative[] {
  const out: Relative[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    out.push({
      declaration: statement,
      specifier,
      group: specifier.startsWith('../') ? 'parent' : 'sibling',
      key: specifier.toLowerCase(),
    });
  }
  return out;
}

const parse = (path: string, text: string): ts.SourceFile => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);

const inOrder = (items: Relative[]): boolean => items.every((item, i) => i === 0 || items[i - 1]!.key <= item.key);

export function projectOrdersRelativeImports(texts: Iterable<[string, string]>): boolean {
  let files = 0;
  let ordered = 0;
  for (const [path, text] of texts) {
    if (!/\.(?:c|m)?[jt]sx?$/.test(path) || path.includes('node_modules/')) continue;
    const relative = relativeImports(parse(path, text));
    for (const group of ['parent', 'sibling'] as const) {
      const ofGroup = relative.filter((r) => r.group === group);
      if (ofGroup.length < 2) continue;
      files += 1;
      if (inOrder(ofGroup)) ordered += 1;
    }
  }
  return files >= 3 && ordered >= files * 0.9;
}

/** Line start of a position, and the end of its line (after the line break). */
const lineStart = (text: string, at: number): number => text.lastIndexOf('\n', at - 1) + 1;
const lineEnd = (text: string, at: number): number => {
  const end = text.indexOf('\n', at);
  return end === -1 ? text.length : end + 1;
};

/**
 * Moves each relative import a file gained (of a module it did not import before) to its ordered place
 * among the relative imports it had — those are known by their module, since a move may have edited
 * their member lists (zustand's devtools.ts lost `StateCreator` from its `../vanilla.ts` import).
 */
export function orderGainedImports(edits: FileEdits, original: (path: string) => string | undefined): number {
  let moved = 0;
  for (const [path, start] of edits) {
    if (start === null) continue;
    const had = new Set(relativeImports(parse(path, original(path) ?? '')).map((r) => r.specifier));
    if (had.size === 0) continue;
    let text = start;
    const gainedSpecifiers = relativeImports(parse(path, text))
      .filter((r) => !had.has(r.specifier))
      .map((r) => r.specifier);
    for (const specifier of new Set(gainedSpecifiers)) {
      const file = parse(path, text);
      const relative = relativeImports(file);
      const gained = relative.find((r) => r.specifier === specifier);
      if (!gained) continue;
      const kept = relative.filter((r) => r.group === gained.group && had.has(r.specifier));
      if (kept.length === 0 || inOrder(relative.filter((r) => r.group === gained.group))) continue;
      const from = lineStart(text, gained.declaration.getStart(file));
      const to = lineEnd(text, gained.declaration.getEnd());
      const line = text.slice(from, to).replace(/\n?$/, '\n');
      const before = kept.find((k) => k.key > gained.key);
      const at = before ? lineStart(text, before.declaration.getStart(file)) : lineEnd(text, kept.at(-1)!.declaration.getEnd());
      text =
        at <= from
          ? text.slice(0, at) + line + text.slice(at, from) + text.slice(to)
          : text.slice(0, from) + text.slice(to, at) + line + text.slice(at);
      moved += 1;
    }
    if (text !== start) edits.set(path, text);
  }
  return moved;
}
