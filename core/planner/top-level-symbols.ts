/** Top-level declarations of a parsed file (tree-sitter): functions, classes, interfaces, types, enums, consts and variables. */
import type { SyntaxNode } from 'tree-sitter';
import type { ParsedFile } from '../contracts/index.js';
import type { IndexedSymbol, SymbolKind } from './types.js';

const DECLARATION_KINDS: Record<string, SymbolKind> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  function_signature: 'function',
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  interface_declaration: 'interface',
  type_alias_declaration: 'type',
  enum_declaration: 'enum',
};

function declared(node: SyntaxNode, file: string, exported: boolean): IndexedSymbol[] {
  const kind = DECLARATION_KINDS[node.type];
  if (kind) {
    const name = node.childForFieldName('name');
    return name ? [{ name: name.text, kind, file, line: node.startPosition.row + 1, exported }] : [];
  }
  if (node.type === 'lexical_declaration' || node.type === 'variable_declaration') {
    const isConst = node.firstChild?.type === 'const';
    return node.namedChildren
      .filter((child) => child.type === 'variable_declarator')
      .map((child) => child.childForFieldName('name'))
      .filter((name): name is SyntaxNode => name !== null && name.type === 'identifier')
      .map((name) => ({ name: name.text, kind: isConst ? 'const' : 'variable', file, line: name.startPosition.row + 1, exported }));
  }
  return [];
}

export function topLevelSymbols(parsed: ParsedFile): IndexedSymbol[] {
  const out: IndexedSymbol[] = [];
  for (const node of parsed.tree.rootNode.namedChildren) {
    if (node.type === 'export_statement') {
      const declaration = node.childForFieldName('declaration') ?? node.namedChildren.find((c) => DECLARATION_KINDS[c.type] !== undefined);
      if (declaration) out.push(...declared(declaration, parsed.path, true));
      continue;
    }
    if (node.type === 'ambient_declaration') {
      for (const child of node.namedChildren) out.push(...declared(child, parsed.path, false));
      continue;
    }
    out.push(...declared(node, parsed.path, false));
  }
  // Overloads declare one name several times: keep the first.
  return out.filter((s, i) => out.findIndex((o) => o.name === s.name) === i);
}
