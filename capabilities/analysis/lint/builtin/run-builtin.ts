/**
 * The built-in lint engine: a curated set of ESLint's recommended "problem" rules that need no scope or
 * code-path analysis, re-implemented over the shared tree-sitter tree (only the node types they listen
 * to, from the tree's by-type index; memoised by content hash). It is what analysis.lint runs when the workspace has no ESLint config of its own
 * (engine "auto"): a full ESLint run parses every file a second time with espree and costs more than
 * all other analyses together (see lint/README in capabilities/README.md and docs/scan.md). Each rule is
 * checked against ESLint itself on the same cases (test/capabilities/analysis/lint/builtin-rules.test.ts).
 */
import { createRequire } from 'node:module';
import {
  endRowOf,
  type Finding,
  hasSyntaxError,
  nodesOfType,
  rangeOf,
  type SourceUnit,
  startColumnOf,
  startRowOf,
  type SyntaxNode,
  walk,
} from '../../../../core/index.js';
import { operatorOf, type BuiltinRule, type RuleContext } from './rule-context.js';
import { EXPRESSION_RULES } from './rules-expressions.js';
import { STATEMENT_RULES } from './rules-statements.js';

/** Bump when a rule changes, so memoised results of an older version are not reused. */
export const BUILTIN_VERSION = 2;

export const BUILTIN_RULES: BuiltinRule[] = [...STATEMENT_RULES, ...EXPRESSION_RULES];

export const BUILTIN_RULE_NAMES = BUILTIN_RULES.map((r) => r.name).sort();

/** The rules of one language by node type, in BUILTIN_RULES order within a type. */
function dispatchTable(typescript: boolean): [type: string, rules: BuiltinRule[]][] {
  const table = new Map<string, BuiltinRule[]>();
  for (const rule of BUILTIN_RULES) {
    if (rule.languages === (typescript ? 'javascript' : 'typescript')) continue;
    for (const type of rule.types) table.set(type, [...(table.get(type) ?? []), rule]);
  }
  return [...table];
}

const TABLES = { javascript: dispatchTable(false), typescript: dispatchTable(true) };

/**
 * The dispatch table for one file: without the rules whose needed texts the source lacks (most files
 * have no `NaN` and no `hasOwnProperty`), and without the node types no rule is left for — every call
 * expression of a file is visited only when no-prototype-builtins can report one.
 */
function tableFor(source: string, typescript: boolean): [type: string, rules: BuiltinRule[]][] {
  const table = TABLES[typescript ? 'typescript' : 'javascript'];
  const idle = new Set(BUILTIN_RULES.filter((rule) => rule.needs && !rule.needs.some((text) => source.includes(text))));
  if (idle.size === 0) return table;
  const active: [type: string, rules: BuiltinRule[]][] = [];
  for (const [type, rules] of table) {
    const left = rules.filter((rule) => !idle.has(rule));
    if (left.length > 0) active.push([type, left]);
  }
  return active;
}

/** A report with what orders it among reports at the same position: the node being checked, then the order of reports on it. */
interface Reported {
  finding: Finding;
  visited: SyntaxNode;
  seq: number;
}

/** The path of child indexes from the root down to `node`. */
function pathOf(node: SyntaxNode): number[] {
  const path: number[] = [];
  for (let n = node; n.parent; n = n.parent) path.push(n.parent.children.indexOf(n));
  return path.reverse();
}

/** Compares two nodes of one tree in pre-order (parents before children, then source order). Only asked on ties, which are rare. */
function preorder(a: SyntaxNode, b: SyntaxNode): number {
  if (a === b) return 0;
  const pa = pathOf(a);
  const pb = pathOf(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return pa.length - pb.length;
}

/**
 * Runs the rules on a file's tree. Only the node types some rule listens to are visited, through the
 * tree's by-type index (a walk of every node was most of this function's time). Type by type the
 * visits are out of source order, so the findings are sorted as a single depth-first walk would have
 * reported them: by position, then (on a tie) by the pre-order of the node checked, then report order.
 * `root` must be the root of a tree (the index is per tree).
 */
export function lintSyntaxTree(file: string, root: SyntaxNode, source: string, typescript: boolean): Finding[] {
  const reported: Reported[] = [];
  let visited = root;
  let operatorNode: SyntaxNode | undefined;
  let operator: string | undefined;
  const ctx: RuleContext = {
    source,
    typescript,
    report(rule, node, message) {
      const finding: Finding = {
        ruleId: `eslint/${rule}`,
        severity: 'medium',
        message,
        file,
        range: rangeOf(node),
        data: { eslintRule: rule, engine: 'agentd-builtin', docs: `https://eslint.org/docs/latest/rules/${rule}` },
      };
      reported.push({ finding, visited, seq: reported.length });
    },
    operator(node) {
      if (node !== operatorNode) {
        operatorNode = node;
        operator = operatorOf(node, source);
      }
      return operator;
    },
  };
  // Indexed loops: on a first run this code is not optimised yet, and for-of would allocate per step.
  for (const [type, rules] of tableFor(source, typescript)) {
    const nodes = nodesOfType(root, type);
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      visited = node;
      for (let r = 0; r < rules.length; r++) rules[r]!.check(node, ctx);
    }
  }
  if (reported.length > 1) {
    reported.sort(
      (a, b) =>
        a.finding.range.startLine - b.finding.range.startLine ||
        a.finding.range.startColumn - b.finding.range.startColumn ||
        preorder(a.visited, b.visited) ||
        a.seq - b.seq,
    );
  }
  return reported.map((r) => r.finding);
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
    fileName: unit.path,
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve, allowJs: true, noResolve: true, isolatedModules: true },
  });
  return (diagnostics ?? []).some((d) => d.category === ts.DiagnosticCategory.Error && d.code < 2000);
}

/** An ERROR node, or a token tree-sitter inserted to recover (MISSING: zero width in the plain tree). */
const isErrorNode = (n: SyntaxNode): boolean => n.type === 'ERROR' || (n.startIndex === n.endIndex && n.parent !== null);

/** Rows (0-based) that hold an ERROR or MISSING node: findings there would be about tree-sitter's recovery, not the code. */
function errorRows(root: SyntaxNode): Set<number> {
  const rows = new Set<number>();
  walk(root, (n) => {
    if (isErrorNode(n)) for (let r = startRowOf(n); r <= endRowOf(n) + 1; r++) rows.add(r);
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
    ruleId: 'eslint/parse-error',
    severity: 'high',
    message: `Parsing error: the file does not parse (near line ${startRowOf(at) + 1}); no other rule ran on it.`,
    file: unit.path,
    range: {
      startLine: startRowOf(at) + 1,
      startColumn: startColumnOf(at) + 1,
      endLine: startRowOf(at) + 1,
      endColumn: startColumnOf(at) + 1,
    },
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
