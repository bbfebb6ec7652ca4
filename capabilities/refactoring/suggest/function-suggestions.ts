/**
 * Long or complex functions (complexity/* and smells/long-function, deep-nesting findings) -> one
 * refactoring.extract-function suggestion per function, with the largest extractable statement range
 * and a name that is free in the file.
 */
import { Node, type SourceFile } from 'ts-morph';
import type { Finding } from '../../../core/index.js';
import { toProjectPath, type LoadedProject } from '../ts-project/load-project.js';
import { largestExtractable } from './extractable-range.js';
import { clampScore, refOf, type Suggestion } from './suggestion.js';

const FUNCTION_RULES = /^(complexity\/(cyclomatic|cognitive|nesting|lines)|smells\/(long-function|deep-nesting))$/;

export function functionSuggestions(findings: Finding[], loaded: LoadedProject): Suggestion[] {
  const byFunction = new Map<string, Finding[]>();
  for (const finding of findings.filter((f) => FUNCTION_RULES.test(f.ruleId))) {
    const key = `${finding.file}:${finding.range.startLine}`;
    byFunction.set(key, [...(byFunction.get(key) ?? []), finding]);
  }
  const suggestions: Suggestion[] = [];
  for (const group of byFunction.values()) {
    const first = group[0]!;
    const file = loaded.project.getSourceFile(toProjectPath(first.file));
    const fn = file && functionAt(file, first.range.startLine);
    const range = fn && largestExtractable(fn);
    if (!file || !fn || !range) continue;
    const fnName = nameOf(fn);
    const name = freeName(file, `${fnName}Step`);
    const over = group.reduce((sum, f) => sum + overBy(f), 0);
    suggestions.push({
      title: `Extract lines ${range.startLine}-${range.endLine} of ${fnName}() in ${first.file} into ${name}()`,
      rationale: `${fnName}() ${group.map((f) => f.message.replace(/\.$/, '')).join('; ')}. Its largest extractable block is ${range.statements} statements (lines ${range.startLine}-${range.endLine}); moving it into a named function shortens and flattens it.`,
      score: clampScore(40 + over * 4 + (range.endLine - range.startLine)),
      findings: group.map(refOf),
      apply: {
        capability: 'refactoring.extract-function',
        input: { file: first.file, startLine: range.startLine, endLine: range.endLine, name },
      },
    });
  }
  return suggestions;
}

function functionAt(file: SourceFile, line: number): Node | undefined {
  let found: Node | undefined;
  file.forEachDescendant((node, traversal) => {
    if (found) return traversal.stop();
    const isFunction =
      Node.isFunctionDeclaration(node) ||
      Node.isMethodDeclaration(node) ||
      Node.isFunctionExpression(node) ||
      Node.isArrowFunction(node) ||
      Node.isConstructorDeclaration(node) ||
      Node.isGetAccessorDeclaration(node) ||
      Node.isSetAccessorDeclaration(node);
    if (isFunction && node.getStartLineNumber() === line) found = node;
  });
  return found;
}

function nameOf(fn: Node): string {
  const named = (fn as unknown as { getName?: () => string | undefined }).getName?.();
  if (named) return named;
  const parent = fn.getParent();
  if (parent && Node.isVariableDeclaration(parent)) return parent.getName();
  if (parent && Node.isPropertyAssignment(parent)) return parent.getName();
  return 'anonymous';
}

function freeName(file: SourceFile, base: string): string {
  const used = new Set<string>();
  file.forEachDescendant((node) => {
    if (Node.isIdentifier(node)) used.add(node.getText());
  });
  const clean = base === 'anonymousStep' ? 'extractedStep' : base;
  for (let i = 1; ; i += 1) if (!used.has(i === 1 ? clean : `${clean}${i}`)) return i === 1 ? clean : `${clean}${i}`;
}

/** How far over its threshold a finding is (metrics carry value and threshold in data when known). */
function overBy(finding: Finding): number {
  const data = finding.data as { value?: number; threshold?: number } | undefined;
  if (typeof data?.value === 'number' && typeof data.threshold === 'number' && data.threshold > 0)
    return Math.max(1, data.value / data.threshold);
  return 1;
}
