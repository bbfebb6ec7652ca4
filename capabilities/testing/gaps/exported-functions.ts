/**
 * The exported functions of an ES module from its tree-sitter tree: `export function f`, `export const
 * f = () => …` / `function () {}`, `export default function`, and `export { f }` of a top-level function.
 * CommonJS exports and class methods are not listed (docs/testing.md). Each with its lines and a
 * complexity: 1 + the branch points in its body (if, ?:, &&, ||, ??, case, loops, catch), which is what
 * a test has to reach.
 */
import type { Tree } from 'tree-sitter';

export type Node = Tree['rootNode'];

export interface ExportedFunction {
  name: string;
  /** 1-based lines of the function itself (for an arrow: the arrow, not the `const`). */
  startLine: number;
  endLine: number;
  complexity: number;
  /** Set when the function is the module's default export (`export default function leven`): import it as `default`. */
  isDefault?: boolean;
}

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
const FUNCTION_DECLARATIONS = new Set(['function_declaration', 'generator_function_declaration']);
const BRANCHES = new Set([
  'if_statement',
  'ternary_expression',
  'switch_case',
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'catch_clause',
]);
const LOGICAL = new Set(['&&', '||', '??']);

function complexityOf(fn: Node): number {
  let count = 1;
  const stack: Node[] = [...fn.namedChildren];
  while (stack.length > 0) {
    const node = stack.pop()!;
    // A nested function is its own unit.
    if (FUNCTION_VALUES.has(node.type) || FUNCTION_DECLARATIONS.has(node.type)) continue;
    if (BRANCHES.has(node.type)) count += 1;
    else if (node.type === 'binary_expression' && LOGICAL.has(node.childForFieldName('operator')?.type ?? '')) count += 1;
    stack.push(...node.namedChildren);
  }
  return count;
}

function entry(name: string, fn: Node): { info: ExportedFunction; node: Node } {
  return { info: { name, startLine: fn.startPosition.row + 1, endLine: fn.endPosition.row + 1, complexity: complexityOf(fn) }, node: fn };
}

/** Top-level functions by name (for `export { f }`). */
function topLevelFunctions(root: Node): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const node of root.namedChildren) {
    const declaration = node.type === 'export_statement' ? node.childForFieldName('declaration') : node;
    if (!declaration) continue;
    if (FUNCTION_DECLARATIONS.has(declaration.type)) {
      const name = declaration.childForFieldName('name')?.text;
      if (name) out.set(name, declaration);
    } else if (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration') {
      for (const declarator of declaration.namedChildren.filter((c) => c.type === 'variable_declarator')) {
        const name = declarator.childForFieldName('name')?.text;
        const value = declarator.childForFieldName('value');
        if (name && value && FUNCTION_VALUES.has(value.type)) out.set(name, value);
      }
    }
  }
  return out;
}

export function exportedFunctions(tree: Tree): ExportedFunction[] {
  return exportedFunctionNodes(tree).map((e) => e.info);
}

/** The exported functions with their tree-sitter nodes (testing.unit reads their parameters and literals). */
export function exportedFunctionNodes(tree: Tree): { info: ExportedFunction; node: Node }[] {
  const root = tree.rootNode;
  const locals = topLevelFunctions(root);
  const out: { info: ExportedFunction; node: Node }[] = [];
  for (const node of root.namedChildren) {
    if (node.type !== 'export_statement') continue;
    const declaration = node.childForFieldName('declaration') ?? node.childForFieldName('value');
    const isDefault = node.children.some((c) => c.type === 'default');
    if (declaration && FUNCTION_DECLARATIONS.has(declaration.type)) {
      const found = entry(declaration.childForFieldName('name')?.text ?? 'default', declaration);
      out.push(isDefault ? { ...found, info: { ...found.info, isDefault: true } } : found);
    } else if (declaration && FUNCTION_VALUES.has(declaration.type) && isDefault) {
      const found = entry('default', declaration);
      out.push({ ...found, info: { ...found.info, isDefault: true } });
    } else if (declaration && (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration')) {
      for (const declarator of declaration.namedChildren.filter((c) => c.type === 'variable_declarator')) {
        const name = declarator.childForFieldName('name')?.text;
        const value = declarator.childForFieldName('value');
        if (name && value && FUNCTION_VALUES.has(value.type)) out.push(entry(name, value));
      }
    } else {
      const clause = node.namedChildren.find((c) => c.type === 'export_clause');
      for (const specifier of clause?.namedChildren.filter((c) => c.type === 'export_specifier') ?? []) {
        const local = specifier.childForFieldName('name')?.text;
        const exported = specifier.childForFieldName('alias')?.text ?? local;
        const fn = local ? locals.get(local) : undefined;
        if (fn && exported) out.push(entry(exported, fn));
      }
    }
  }
  return out;
}
