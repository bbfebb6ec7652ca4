/**
 * TypeScript type text given in the input (`"string"`, `"'sm' | 'lg'"`, `"{ id: number }[]"`): parsed
 * with TypeScript's own parser so that only one well-formed type is accepted (never a statement),
 * its named references checked (built-ins and React's types only: the generator writes self-contained
 * files), and a sample value of the type written for the generated test.
 */
import ts from 'typescript';
import { AgentdError } from '../../../core/index.js';

/** Global types a prop or hook value may name without an import. */
const GLOBAL_TYPES = new Set([
  'Array',
  'ReadonlyArray',
  'Record',
  'Partial',
  'Required',
  'Readonly',
  'Pick',
  'Omit',
  'Date',
  'Map',
  'Set',
  'Promise',
  'Error',
  'RegExp',
  'URL',
  'HTMLElement',
  'HTMLInputElement',
  'HTMLButtonElement',
  'File',
  'Blob',
]);
/** React's types, imported with `import type { … } from 'react'` when used. */
export const REACT_TYPES = new Set([
  'ReactNode',
  'ReactElement',
  'CSSProperties',
  'MouseEvent',
  'ChangeEvent',
  'FormEvent',
  'KeyboardEvent',
  'FocusEvent',
  'ComponentProps',
  'Dispatch',
  'SetStateAction',
  'RefObject',
]);

export interface ParsedType {
  text: string;
  node: ts.TypeNode;
  source: ts.SourceFile;
  /** React type names it uses (to import). */
  reactTypes: string[];
}

function invalid(field: string, message: string): AgentdError {
  return new AgentdError('invalid_input', `${field}: ${message}`, {
    details: [{ path: `/${field.replace(/[.[\]]+/g, '/').replace(/\/$/, '')}`, message }],
  });
}

/** Parses `text` as one TypeScript type; invalid_input naming `field` otherwise. */
export function parseType(text: string, field: string): ParsedType {
  const trimmed = text.trim();
  if (trimmed === '') throw invalid(field, 'the type is empty');
  const source = ts.createSourceFile('type.ts', `type __T = ${trimmed};`, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const diagnostics = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  const statement = source.statements[0];
  if (
    diagnostics.length > 0 ||
    source.statements.length !== 1 ||
    !statement ||
    !ts.isTypeAliasDeclaration(statement) ||
    statement.type.getText(source) !== trimmed
  ) {
    const why = diagnostics[0] ? ts.flattenDiagnosticMessageText(diagnostics[0].messageText, ' ') : 'it is not a single type';
    throw invalid(field, `"${trimmed}" is not a TypeScript type (${why})`);
  }
  const reactTypes = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(source);
      const bare = name.startsWith('React.') ? name.slice(6) : name;
      if (REACT_TYPES.has(bare)) {
        if (!name.startsWith('React.')) reactTypes.add(bare);
      } else if (!GLOBAL_TYPES.has(name)) {
        throw invalid(
          field,
          `"${name}" is not a built-in or React type: write the type inline (e.g. "{ id: number; name: string }"); generated files do not import project types`,
        );
      }
      if (name.startsWith('React.')) throw invalid(field, `write "${bare}" instead of "${name}" (imported from 'react' as a type)`);
    }
    if (ts.isTypeQueryNode(node) || ts.isImportTypeNode(node))
      throw invalid(field, `"${trimmed}" refers to a value or module; write the type inline`);
    ts.forEachChild(node, visit);
  };
  visit(statement.type);
  return { text: trimmed, node: statement.type, source, reactTypes: [...reactTypes].sort() };
}

/** Text, flag or anything else: text props are shown, flags become data attributes, the rest is typed only. */
export function typeRole(type: ParsedType): 'text' | 'flag' | 'other' {
  const n = type.node;
  if (n.kind === ts.SyntaxKind.StringKeyword || n.kind === ts.SyntaxKind.NumberKeyword) return 'text';
  if (ts.isTypeReferenceNode(n) && n.typeName.getText(type.source) === 'ReactNode') return 'text';
  if (n.kind === ts.SyntaxKind.BooleanKeyword) return 'flag';
  return 'other';
}

/** True when the JSON value obviously fits the type (keywords, literals, unions, arrays); false when it obviously does not. */
export function valueFits(value: unknown, type: ParsedType): boolean {
  const fits = (node: ts.TypeNode): boolean => {
    if (ts.isParenthesizedTypeNode(node)) return fits(node.type);
    if (ts.isUnionTypeNode(node)) return node.types.some(fits);
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return typeof value === 'string';
      case ts.SyntaxKind.NumberKeyword:
        return typeof value === 'number';
      case ts.SyntaxKind.BooleanKeyword:
        return typeof value === 'boolean';
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.UnknownKeyword:
        return true;
      default:
        break;
    }
    if (ts.isLiteralTypeNode(node)) {
      const lit = node.literal;
      if (ts.isStringLiteral(lit)) return value === lit.text;
      if (ts.isNumericLiteral(lit)) return value === Number(lit.text);
      if (lit.kind === ts.SyntaxKind.TrueKeyword) return value === true;
      if (lit.kind === ts.SyntaxKind.FalseKeyword) return value === false;
      if (lit.kind === ts.SyntaxKind.NullKeyword) return value === null;
      if (ts.isPrefixUnaryExpression(lit) && ts.isNumericLiteral(lit.operand)) return value === -Number(lit.operand.text);
      return false;
    }
    if (ts.isArrayTypeNode(node)) return Array.isArray(value) && value.every((v) => valueFitsNode(v, node.elementType, type));
    if (ts.isTypeLiteralNode(node)) return typeof value === 'object' && value !== null && !Array.isArray(value);
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(type.source);
      if (name === 'ReactNode') return typeof value === 'string' || typeof value === 'number' || value === null;
      if (name === 'Array' || name === 'ReadonlyArray') return Array.isArray(value);
      if (name === 'Record') return typeof value === 'object' && value !== null && !Array.isArray(value);
      return false;
    }
    return false;
  };
  return fits(type.node);
}

function valueFitsNode(value: unknown, node: ts.TypeNode, parent: ParsedType): boolean {
  return valueFits(value, { ...parent, node });
}

/** A TypeScript expression of the type for tests; `mockFn` is the runner's mock function ("vi.fn()"). */
export function sampleOf(type: ParsedType, hint: string, mockFn: string): string {
  const src = type.source;
  const sample = (node: ts.TypeNode, label: string): string => {
    if (ts.isParenthesizedTypeNode(node)) return sample(node.type, label);
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return JSON.stringify(label);
      case ts.SyntaxKind.NumberKeyword:
        return '42';
      case ts.SyntaxKind.BooleanKeyword:
        return 'true';
      case ts.SyntaxKind.NullKeyword:
        return 'null';
      case ts.SyntaxKind.UndefinedKeyword:
      case ts.SyntaxKind.VoidKeyword:
        return 'undefined';
      case ts.SyntaxKind.AnyKeyword:
      case ts.SyntaxKind.UnknownKeyword:
        return JSON.stringify(label);
      case ts.SyntaxKind.BigIntKeyword:
        return '1n';
      case ts.SyntaxKind.ObjectKeyword:
        return '{}';
      default:
        break;
    }
    if (ts.isLiteralTypeNode(node)) return node.literal.getText(src);
    if (ts.isUnionTypeNode(node)) {
      const nonNullish = node.types.find(
        (t) => t.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword),
      );
      return sample(nonNullish ?? node.types[0]!, label);
    }
    if (ts.isArrayTypeNode(node)) return `[${sample(node.elementType, `${label} 1`)}]`;
    if (ts.isTupleTypeNode(node))
      return `[${node.elements.map((e, i) => sample(ts.isNamedTupleMember(e) ? e.type : e, `${label} ${i + 1}`)).join(', ')}]`;
    if (ts.isFunctionTypeNode(node)) return mockFn;
    if (ts.isTypeLiteralNode(node)) {
      const members = node.members.filter(
        (m): m is ts.PropertySignature => ts.isPropertySignature(m) && !m.questionToken && m.type !== undefined && m.name !== undefined,
      );
      return `{ ${members.map((m) => `${m.name.getText(src)}: ${sample(m.type!, m.name.getText(src).replace(/^['"]|['"]$/g, ''))}`).join(', ')} }`;
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(src);
      const args = node.typeArguments ?? ts.factory.createNodeArray<ts.TypeNode>();
      if (name === 'ReactNode') return JSON.stringify(label);
      if (name === 'Array' || name === 'ReadonlyArray') return args[0] ? `[${sample(args[0], `${label} 1`)}]` : '[]';
      if (name === 'Date') return 'new Date(0)';
      if (name === 'Map') return 'new Map()';
      if (name === 'Set') return 'new Set()';
      if (name === 'Promise') return `Promise.resolve(${args[0] ? sample(args[0], label) : ''})`;
      if (name === 'Record' || name === 'Partial') return '{}';
      if (name === 'Error') return `new Error(${JSON.stringify(label)})`;
      if (name === 'RegExp') return '/x/';
      if (name === 'URL') return "new URL('https://example.com/')";
    }
    return `undefined as unknown as ${node.getText(src)}`;
  };
  return sample(type.node, hint);
}
