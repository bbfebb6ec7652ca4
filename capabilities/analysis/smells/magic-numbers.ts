/**
 * smells/magic-number. A literal is named (so not magic) when it is a declaration's whole initialiser,
 * part of a const table or a literal-only expression initialising a const (`24 * 60 * 60 * 1000`), a
 * class field initialiser, an enum member, a default value, an index, a literal type, a radix or digit
 * count, or an HTTP status where an HTTP API expects one.
 */
import type { Finding } from '../../../core/index.js';
import { callArguments, calleeName, fieldChild, nodesOfType, rangeOf, textOf, walk, type SyntaxNode as Node } from '../../../core/index.js';

export interface MagicOptions {
  ignore: number[];
  ignoreHttpStatus: boolean;
}

const TRANSPARENT = new Set(['parenthesized_expression', 'as_expression', 'satisfies_expression', 'non_null_expression']);
const TABLE_PARTS = new Set(['array', 'object', 'pair', 'binary_expression', 'unary_expression', ...TRANSPARENT]);
const DEFAULT_HOLDERS = new Set(['required_parameter', 'optional_parameter', 'assignment_pattern', 'object_assignment_pattern']);
const HTTP_CALLS = new Set(['status', 'sendStatus', 'writeHead', 'redirect']);
const DIGIT_CALLS = new Set(['toString', 'toFixed', 'toPrecision', 'toExponential']);

export function numberValue(literal: Node, source: string): number {
  const text = textOf(literal, source).replace(/_/g, '').replace(/n$/, '');
  return Number(text);
}

/** The literal with its sign: `-5` is one value. */
function signed(literal: Node, source: string): { node: Node; value: number } {
  const parent = literal.parent;
  if (parent?.type === 'unary_expression' && textOf(parent, source).startsWith('-'))
    return { node: parent, value: -numberValue(literal, source) };
  return { node: literal, value: numberValue(literal, source) };
}

function climb(node: Node, through: Set<string>): Node {
  let current = node;
  while (current.parent && through.has(current.parent.type)) current = current.parent;
  return current;
}

function isConstDeclarator(declarator: Node | null | undefined, source: string): boolean {
  const declaration = declarator?.parent;
  return (
    declarator?.type === 'variable_declarator' &&
    declaration?.type === 'lexical_declaration' &&
    textOf(declaration, source).startsWith('const')
  );
}

/** Every leaf of a table or arithmetic is a literal (no identifiers or calls): a named constant's definition. */
function isLiteralOnly(node: Node): boolean {
  let literal = true;
  walk(node, (n) => {
    if (n.type === 'identifier' || n.type === 'call_expression' || n.type === 'member_expression' || n.type === 'arrow_function')
      literal = false;
    return literal;
  });
  return literal;
}

function isNamedByDeclaration(node: Node, source: string): boolean {
  const direct = climb(node, TRANSPARENT);
  const parent = direct.parent;
  if (parent?.type === 'variable_declarator' && direct.field === 'value') return true;
  if ((parent?.type === 'public_field_definition' || parent?.type === 'field_definition') && direct.field === 'value') return true;
  const table = climb(node, TABLE_PARTS);
  return table.field === 'value' && isConstDeclarator(table.parent, source) && (table.type !== 'binary_expression' || isLiteralOnly(table));
}

function isStructural(node: Node, source: string): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === 'enum_assignment' || parent.type === 'literal_type') return true;
  if (parent.type === 'subscript_expression' && node.field === 'index') return true;
  if (DEFAULT_HOLDERS.has(parent.type) && node.field !== 'pattern' && node.field !== 'left') return true;
  if (parent.type !== 'arguments') return false;
  const call = parent.parent!;
  const name = call.type === 'call_expression' ? calleeName(call, source) : undefined;
  const position = callArguments(call).indexOf(node);
  if (name === 'parseInt' && position === 1) return true;
  return name !== undefined && DIGIT_CALLS.has(name) && position === 0;
}

function isHttpStatus(node: Node, value: number, source: string): boolean {
  if (!Number.isInteger(value) || value < 100 || value > 599) return false;
  const parent = node.parent;
  if (parent?.type === 'arguments') {
    const call = parent.parent!;
    if (call.type === 'call_expression') return HTTP_CALLS.has(calleeName(call, source) ?? '');
    const ctor = call.type === 'new_expression' ? fieldChild(call, 'constructor') : undefined;
    return ctor !== undefined && /(Error|Exception)$/.test(textOf(ctor, source));
  }
  if (parent?.type === 'binary_expression') {
    const other = parent.children.find((c) => c.named && c !== node);
    return other?.type === 'member_expression' && /\.(status|statusCode)$/.test(textOf(other, source));
  }
  return false;
}

export function magicNumberFindings(file: string, root: Node, source: string, options: MagicOptions): Finding[] {
  const findings: Finding[] = [];
  const ignore = new Set(options.ignore);
  // `root` is a file's root: its node index lists the numbers in walk order.
  for (const n of nodesOfType(root, 'number')) {
    const { node, value } = signed(n, source);
    if (ignore.has(value) || Number.isNaN(value)) continue;
    if (isStructural(node, source) || isNamedByDeclaration(node, source)) continue;
    if (options.ignoreHttpStatus && isHttpStatus(node, value, source)) continue;
    findings.push({
      ruleId: 'smells/magic-number',
      severity: 'low',
      message: `Magic number ${textOf(node, source)}: give it a name with a const declaration.`,
      file,
      range: rangeOf(node),
      data: { value },
    });
  }
  return findings;
}
