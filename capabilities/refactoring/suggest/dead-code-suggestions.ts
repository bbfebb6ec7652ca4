/**
 * Unused imports, unused locals and unreachable code, as the TypeScript checker reports them (the
 * same source refactoring.simplify removes them from) -> refactoring.simplify on that file with just
 * those rules.
 */
import { Node, type SourceFile } from 'ts-morph';
import { toProjectPath, type LoadedProject } from '../ts-project/load-project.js';
import { suggestionSpans, UNREACHABLE_CODE, UNUSED_CODES } from '../simplify/suggestions.js';
import { clampScore, type Suggestion } from './suggestion.js';

export function deadCodeSuggestions(loaded: LoadedProject, files: string[]): Suggestion[] {
  const suggestions: Suggestion[] = [];
  for (const path of files) {
    const file = loaded.project.getSourceFile(toProjectPath(path));
    if (!file) continue;
    // Unused parameters are reported too, but simplify keeps signatures as they are.
    const spans = suggestionSpans(file).filter((s) => !inParameter(file, s.start));
    const imports = file.getImportDeclarations();
    const inImport = (start: number): boolean => imports.some((d) => start >= d.getStart() && start < d.getEnd());
    const unusedImports = spans.filter((s) => UNUSED_CODES.has(s.code) && inImport(s.start)).length;
    const unusedLocals = spans.filter((s) => UNUSED_CODES.has(s.code) && !inImport(s.start)).length;
    const unreachable = spans.filter((s) => s.code === UNREACHABLE_CODE).length;
    const rules = [
      ...(unusedImports > 0 ? ['unused-imports'] : []),
      ...(unusedLocals > 0 ? ['unused-variables'] : []),
      ...(unreachable > 0 ? ['unreachable-code'] : []),
    ];
    if (rules.length === 0) continue;
    const what = [
      `${unusedImports} unused import(s)`,
      `${unusedLocals} unused declaration(s)`,
      `${unreachable} unreachable block(s)`,
    ].filter((w) => !w.startsWith('0 '));
    suggestions.push({
      title: `Remove dead code in ${path}`,
      rationale: `The TypeScript checker reports ${what.join(', ')} in ${path}; removing them is behaviour-preserving (side-effecting initialisers are kept).`,
      score: clampScore(10 + unusedImports * 3 + unusedLocals * 3 + unreachable * 5),
      findings: [],
      apply: { capability: 'refactoring.simplify', input: { rules, include: [path] } },
    });
  }
  return suggestions;
}

function inParameter(file: SourceFile, position: number): boolean {
  const node = file.getDescendantAtPos(position);
  return (
    node !== undefined && (Node.isParameterDeclaration(node) || node.getFirstAncestor((a) => Node.isParameterDeclaration(a)) !== undefined)
  );
}
