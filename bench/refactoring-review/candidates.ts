/**
 * The refactorings the review proving ground can choose from in a repository (issue #16), found with
 * ts-morph in its non-test sources:
 * - rename and move: top-level declarations — exported functions, exported `const` arrow functions and
 *   function expressions, exported classes, interfaces and type aliases, and module-private functions
 *   (rename only: moving a private function would export it);
 * - extract: two statements of every function body with at least five, the second and third, and in
 *   bodies of eight or more also the fifth and sixth (never a range with return/break/continue/yield);
 * - modernize: files with string concatenation (concat-to-template) and files with `.then(` chains
 *   (promises-to-async).
 * Semicolon-free, arrow-function code such as zustand's declares almost nothing with `function`, which is
 * why consts and types count: otherwise a repository of that style cannot give 50 runs.
 */
import path from 'node:path';
import { Node, Project, type SourceFile, type Statement } from 'ts-morph';

export interface Candidates {
  rename: Record<string, unknown>[];
  move: Record<string, unknown>[];
  extract: Record<string, unknown>[];
  modernize: Record<string, unknown>[];
  renameTargets: { file: string; name: string }[];
}

const JUMPS = /\breturn\b|\bbreak\b|\bcontinue\b|\byield\b/;

/** Top-level declarations worth renaming, with whether a move may take them (exported ones). */
function declarations(source: SourceFile): { name: string; exported: boolean }[] {
  const out: { name: string; exported: boolean }[] = [];
  for (const fn of source.getFunctions()) {
    const name = fn.getName();
    if (!name || fn.isDefaultExport() || fn.getOverloads().length > 0) continue;
    out.push({ name, exported: fn.isExported() });
  }
  for (const statement of source.getVariableStatements()) {
    if (!statement.isExported() || statement.getDeclarations().length !== 1) continue;
    const declaration = statement.getDeclarations()[0]!;
    const init = declaration.getInitializer();
    const nameNode = declaration.getNameNode();
    if (!Node.isIdentifier(nameNode) || !init) continue;
    if (Node.isArrowFunction(init) || Node.isFunctionExpression(init)) out.push({ name: nameNode.getText(), exported: true });
  }
  const typed: Statement[] = [...source.getClasses(), ...source.getInterfaces(), ...source.getTypeAliases()];
  for (const statement of typed) {
    if (!(Node.isClassDeclaration(statement) || Node.isInterfaceDeclaration(statement) || Node.isTypeAliasDeclaration(statement))) continue;
    const name = statement.getName();
    if (!name || !statement.isExported() || statement.isDefaultExport()) continue;
    // Merged declarations (an interface and a const of one name) are one symbol in several statements.
    if (out.some((d) => d.name === name)) continue;
    out.push({ name, exported: true });
  }
  return out;
}

function extractRanges(file: string, source: SourceFile): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const node of source.getDescendants()) {
    if (!(
      Node.isFunctionDeclaration(node) ||
      Node.isMethodDeclaration(node) ||
      Node.isArrowFunction(node) ||
      Node.isFunctionExpression(node)
    ))
      continue;
    const body = node.getBody();
    if (!body || !Node.isBlock(body)) continue;
    const statements = body.getStatements();
    if (statements.length < 5) continue;
    const ranges = [statements.slice(1, 3)];
    if (statements.length >= 8) ranges.push(statements.slice(4, 6));
    for (const range of ranges) {
      if (range.some((s) => JUMPS.test(s.getText()))) continue;
      out.push({ file, startLine: range[0]!.getStartLineNumber(), endLine: range.at(-1)!.getEndLineNumber(), name: 'extractedPart' });
    }
  }
  return out;
}

export function findCandidates(root: string, sources: string[]): Candidates {
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { allowJs: true },
  });
  for (const file of sources) project.addSourceFileAtPath(path.join(root, file));
  const found: Candidates = { rename: [], move: [], extract: [], modernize: [], renameTargets: [] };
  for (const file of sources) {
    const source = project.getSourceFileOrThrow(path.join(root, file));
    for (const { name, exported } of declarations(source)) {
      found.rename.push({ symbol: name, file, newName: `${name}Renamed` });
      found.renameTargets.push({ file, name });
      if (exported) found.move.push({ file, symbol: name, to: `${path.posix.dirname(file)}/moved-${name}${path.posix.extname(file)}` });
    }
    found.extract.push(...extractRanges(file, source));
    const text = source.getFullText();
    if (/(['"])[^'"\n]*\1\s*\+\s*\w|\w\s*\+\s*(['"])/.test(text))
      found.modernize.push({ include: [file], codemods: ['concat-to-template'] });
    if (/\.then\(/.test(text)) found.modernize.push({ include: [file], codemods: ['promises-to-async'] });
  }
  return found;
}

/**
 * `runs` of each kind by the seeded shuffle; where a kind has fewer candidates, the shortfall is taken
 * from the kinds with candidates to spare, in turn, so a repository still gets `runs × kinds` runs when
 * it has that many candidates in all (the report's per-kind rows show the mix).
 */
export function choose<K extends string>(
  byKind: Record<K, Record<string, unknown>[]>,
  kinds: K[],
  runs: number,
  shuffle: <T>(items: T[]) => T[],
): [K, Record<string, unknown>][] {
  const queues = new Map(kinds.map((k) => [k, shuffle(byKind[k])]));
  const taken = new Map(kinds.map((k) => [k, Math.min(runs, queues.get(k)!.length)]));
  let shortfall = kinds.reduce((n, k) => n + runs - taken.get(k)!, 0);
  while (shortfall > 0) {
    let moved = false;
    for (const k of kinds) {
      if (shortfall === 0) break;
      if (taken.get(k)! < queues.get(k)!.length) {
        taken.set(k, taken.get(k)! + 1);
        shortfall -= 1;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return kinds.flatMap((k) =>
    queues
      .get(k)!
      .slice(0, taken.get(k))
      .map((input): [K, Record<string, unknown>] => [k, input]),
  );
}
