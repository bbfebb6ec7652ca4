/** What one module exports and what it takes from other modules: the input of the unused-export index. */
import type { SourceRange } from '../../../core/index.js';
import { fieldChild, nodesOfType, rangeOf, textOf, walk, type SyntaxNode as Node } from '../../../core/index.js';
import { pathLoads } from './path-loads.js';

export interface ExportedName {
  name: string;
  kind: 'value' | 'type';
  range: SourceRange;
}

export interface ModuleUse {
  specifier: string;
  /** Imported names ('default' for a default import), or '*' when the whole module is taken. */
  names: string[] | '*';
}

export interface ReExport {
  specifier: string;
  /** `export * from`: '*'; `export { a as b } from`: pairs of [imported, exported]. */
  names: [string, string][] | '*';
}

export interface ModuleFacts {
  exports: ExportedName[];
  uses: ModuleUse[];
  reExports: ReExport[];
  /** Files loaded by path (path-loads.ts): `./x.js`, or a pattern with `*` for each computed part (load-patterns.ts); all their exports count as used. */
  loads: string[];
}

const TYPE_DECLARATIONS = new Set(['type_alias_declaration', 'interface_declaration']);
const NAMED_DECLARATIONS = new Set([
  'function_declaration',
  'generator_function_declaration',
  'class_declaration',
  'abstract_class_declaration',
  'enum_declaration',
  ...TYPE_DECLARATIONS,
]);

function stringValue(node: Node | undefined, source: string): string | undefined {
  if (node?.type !== 'string') return undefined;
  return textOf(node, source).slice(1, -1);
}

/** Names bound by a declarator's pattern: `a`, `{ a, b: c }` -> a, c; `[x, y]`. */
function boundIdentifiers(pattern: Node): Node[] {
  if (pattern.type === 'identifier') return [pattern];
  const found: Node[] = [];
  walk(pattern, (n) => {
    if (n.type === 'shorthand_property_identifier_pattern' || (n.type === 'identifier' && n.field !== 'key')) found.push(n);
    if (n.type === 'pair_pattern') {
      const value = fieldChild(n, 'value');
      if (value) found.push(...boundIdentifiers(value));
      return false;
    }
    return undefined;
  });
  return found;
}

function declaredExports(declaration: Node, source: string): ExportedName[] {
  const kind = TYPE_DECLARATIONS.has(declaration.type) ? 'type' : 'value';
  if (NAMED_DECLARATIONS.has(declaration.type)) {
    const name = fieldChild(declaration, 'name');
    return name ? [{ name: textOf(name, source), kind, range: rangeOf(name) }] : [];
  }
  if (declaration.type !== 'lexical_declaration' && declaration.type !== 'variable_declaration') return [];
  return declaration.children
    .filter((d) => d.type === 'variable_declarator')
    .flatMap((d) => boundIdentifiers(fieldChild(d, 'name')!))
    .map((id) => ({ name: textOf(id, source), kind: 'value' as const, range: rangeOf(id) }));
}

function clauseSpecifiers(clause: Node, source: string): [string, string][] {
  return clause.children
    .filter((s) => s.type === 'export_specifier')
    .map((s) => {
      const local = textOf(fieldChild(s, 'name')!, source);
      const alias = fieldChild(s, 'alias');
      return [local, alias ? textOf(alias, source) : local];
    });
}

function exportStatement(statement: Node, source: string, facts: ModuleFacts, localTypes: Set<string>): void {
  // Default exports are never reported (frameworks load them by convention), so they need no entry.
  if (statement.children.some((c) => c.type === 'default')) return;
  const from = stringValue(fieldChild(statement, 'source'), source);
  const declaration = fieldChild(statement, 'declaration');
  if (declaration) {
    facts.exports.push(...declaredExports(declaration, source));
    return;
  }
  const clause = statement.children.find((c) => c.type === 'export_clause');
  const namespace = statement.children.find((c) => c.type === 'namespace_export');
  if (from !== undefined) {
    if (namespace) facts.uses.push({ specifier: from, names: '*' });
    else facts.reExports.push({ specifier: from, names: clause ? clauseSpecifiers(clause, source) : '*' });
  }
  if (namespace) {
    const id = namespace.children.find((c) => c.type === 'identifier' || c.type === 'string');
    if (id) facts.exports.push({ name: textOf(id, source), kind: 'value', range: rangeOf(id) });
  }
  if (clause) {
    for (const specifier of clause.children.filter((s) => s.type === 'export_specifier')) {
      const alias = fieldChild(specifier, 'alias') ?? fieldChild(specifier, 'name')!;
      const local = textOf(fieldChild(specifier, 'name')!, source);
      const kind = from === undefined && localTypes.has(local) ? 'type' : 'value';
      facts.exports.push({ name: textOf(alias, source), kind, range: rangeOf(alias) });
    }
  }
}

function importNames(statement: Node, source: string): string[] | '*' {
  const clause = statement.children.find((c) => c.type === 'import_clause');
  if (!clause) return statement.children.some((c) => c.type === 'import_require_clause') ? '*' : [];
  const names: string[] = [];
  for (const part of clause.children) {
    if (part.type === 'namespace_import') return '*';
    if (part.type === 'identifier') names.push('default');
    if (part.type === 'named_imports') {
      for (const s of part.children.filter((c) => c.type === 'import_specifier')) names.push(textOf(fieldChild(s, 'name')!, source));
    }
  }
  return names;
}

/** `require('x')` and `import('x')` take the whole module. */
function dynamicUse(call: Node, source: string): ModuleUse | undefined {
  const callee = fieldChild(call, 'function');
  const name = callee ? textOf(callee, source) : '';
  if (name !== 'require' && name !== 'import') return undefined;
  const first = fieldChild(call, 'arguments')?.children.find((c) => c.named);
  const specifier = stringValue(first, source);
  return specifier === undefined ? undefined : { specifier, names: '*' };
}

export function moduleFacts(root: Node, source: string): ModuleFacts {
  const facts: ModuleFacts = { exports: [], uses: [], reExports: [], loads: pathLoads(root, source) };
  const localTypes = new Set(root.children.filter((c) => TYPE_DECLARATIONS.has(c.type)).map((c) => textOf(fieldChild(c, 'name')!, source)));
  for (const statement of root.children) {
    if (statement.type === 'export_statement') exportStatement(statement, source, facts, localTypes);
    if (statement.type === 'import_statement') {
      const specifier = stringValue(fieldChild(statement, 'source'), source);
      if (specifier !== undefined) facts.uses.push({ specifier, names: importNames(statement, source) });
    }
  }
  for (const call of nodesOfType(root, 'call_expression')) {
    const use = dynamicUse(call, source);
    if (use) facts.uses.push(use);
  }
  return facts;
}
