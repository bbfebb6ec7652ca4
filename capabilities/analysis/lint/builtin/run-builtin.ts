/**
 * The built-in lint engine: a curated set of ESLint's recommended "problem" rules that need no scope or
 * code-path analysis, re-implemented over the shared tree-sitter tree (one walk per file, memoised by
 * content hash). It is what analysis.lint runs when the workspace has no ESLint config of its own
 * (engine "auto"): a full ESLint run parses every file a second time with espree and costs more than
 * all other analyses together (see lint/README in capabilities/README.md and docs/scan.md). Each rule is
 * checked against ESLint itself on the same cases (test/capabilities/analysis/lint/builtin-rules.test.ts).
 */
import { createRequire } from 'node:module';
import { hasSyntaxError, rangeOf, walk, type Finding, type SourceUnit, type SyntaxNode } from '../../../../core/index.js';
import type { BuiltinRule, RuleContext } from './rule-context.js';
import { EXPRESSION_RULES } from './rules-expressions.js';
import { STATEMENT_RULES } from './rules-statements.js';

/** Bump when a rule changes, so memoised results of an older version are not reused. */
export const BUILTIN_VERSION = 2;

export const BUILTIN_RULES: BuiltinRule[] = [...STATEMENT_RULES, ...EXPRESSION_RULES];

export const BUILTIN_RULE_NAMES = BUILTIN_RULES.map((r) => r.name).sort();

function dispatchTable(typescript: boolean): Map<string, BuiltinRule[]> {
  const table = new Map<string, BuiltinRule[]>();
  for (const rule of BUILTIN_RULES) {
    if (rule.languages === (typescript ? 'javascript' : 'typescript')) continue;
    for (const type of rule.types) table.set(type, [...(table.get(type) ?? []), rule]);
  }
  return table;
}

const TABLES = { javascript: dispatchTable(false), typescript: dispatchTable(true) };

export function lintSyntaxTree(file: string, root: SyntaxNode, source: string, typescript: boolean): Finding[] {
  const findings: Finding[] = [];
  const ctx: RuleContext = {
    source, typescript,
    report(rule, node, message) {
      findings.push({
        ruleId: `eslint/${rule}`, severity: 'medium', message, file, range: rangeOf(node),
        data: { eslintRule: rule, engine: 'agentd-builtin', docs: `https://eslint.org/docs/latest/rules/${rule}` },
      });
    },
  };
  const table = TABLES[typescript ? 'typescript' : 'javascript'];
  // Depth-first in source order with an explicit stack, as walk() but without a callback per node.
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const rules = table.get(node.type);
    if (rules) for (const rule of rules) rule.check(node, ctx);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return findings.sort((a, b) => a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn);
}

type TypeScriptModule = typeof import('typescript');
let typescriptModule: TypeScriptModule | undefined;

/**
 * Whether the TypeScript compiler's parser finds a syntax error too. tree-sitter's grammar has gaps
 * (`x: import('m').T[]` is an ERROR to it): a file that TypeScript parses is valid code, and calling it
 * unparsable would be a high-severity false alarm that fails CI gates. Loaded only for such files.
 */
function typescriptSeesSyntaxError(unit: SourceUnit): boolean {
  typescriptModule ??= createRequire(import.meta.url)('typescript') as TypeScriptModule;
  const ts = typescriptModule;
  const { diagnostics } = ts.transpileModule(unit.source, {
    fileName: unit.path, reportDiagnostics: true, compilerOptions: { jsx: ts.JsxEmit.Preserve, allowJs: true, noResolve: true, isolatedModules: true },
  });
  return (diagnostics ?? []).some((d) => d.category === ts.DiagnosticCategory.Error && d.code < 2000);
}

/** An ERROR node, or a token tree-sitter inserted to recover (MISSING: zero width in the plain tree). */
const isErrorNode = (n: SyntaxNode): boolean => n.type === 'ERROR' || (n.startIndex === n.endIndex && n.parent !== null);

/** Rows (0-based) that hold an ERROR or MISSING node: findings there would be about tree-sitter's recovery, not the code. */
function errorRows(root: SyntaxNode): Set<number> {
  const rows = new Set<number>();
  walk(root, (n) => {
    if (isErrorNode(n)) for (let r = n.startRow; r <= n.endRow + 1; r++) rows.add(r);
    return undefined;
  });
  return rows;
}

/** tree-sitter recovers from syntax errors; its first ERROR node is reported as ESLint would report the fatal parse error. */
function parseError(unit: SourceUnit): Finding | undefined {
  if (!hasSyntaxError(unit) || !typescriptSeesSyntaxError(unit)) return undefined;
  let error: SyntaxNode | undefined;
  walk(unit.root, (n) => {
    if (error) return false;
    if (isErrorNode(n)) error = n;
    return undefined;
  });
  const at = error ?? unit.root;
  return {
    ruleId: 'eslint/parse-error', severity: 'high', message: `Parsing error: the file does not parse (near line ${at.startRow + 1}); no other rule ran on it.`, file: unit.path,
    range: { startLine: at.startRow + 1, startColumn: at.startColumn + 1, endLine: at.startRow + 1, endColumn: at.startColumn + 1 },
    data: { engine: 'agentd-builtin', fatal: true },
  };
}

export function lintUnit(unit: SourceUnit): Finding[] {
  const fatal = parseError(unit);
  if (fatal) return [fatal];
  const findings = lintSyntaxTree(unit.path, unit.root, unit.source, unit.language !== 'javascript');
  if (!hasSyntaxError(unit)) return findings;
  const skip = errorRows(unit.root);
  return findings.filter((f) => !skip.has(f.range.startLine - 1));
}
