/**
 * Removing what the checker says is never read: import bindings (a declaration left with no binding
 * is removed whole — its module is then no longer loaded for side effects, as with TypeScript's own
 * "remove unused imports"), and local variables and functions that are not exported and whose
 * initialiser has no side effect (`const x = load()` stays). Parameters, destructuring and loop
 * variables are left alone.
 */
import { Node, type ImportDeclaration, type SourceFile, type VariableStatement } from 'ts-morph';
import { isPure } from './pure.js';
import { UNUSED_CODES, within, type Span } from './suggestions.js';
import { statementLineRange, type TextEdit } from './text-edits.js';

export function unusedImportEdits(file: SourceFile, spans: Span[]): TextEdit[] {
  const unused = spans.filter((s) => UNUSED_CODES.has(s.code));
  const edits: TextEdit[] = [];
  for (const declaration of file.getImportDeclarations()) {
    const bindings = bindingsOf(declaration);
    if (bindings.length === 0) continue;
    const dead = bindings.filter((b) => within(unused, b.node.getStart(), b.node.getEnd()));
    if (dead.length === 0) continue;
    const text = file.getFullText();
    if (dead.length === bindings.length) {
      edits.push({ ...statementLineRange(text, declaration.getStart(), declaration.getEnd()), text: '' });
    } else {
      edits.push({
        start: declaration.getStart(),
        end: declaration.getEnd(),
        text: rebuiltImport(declaration, new Set(dead.map((d) => d.node))),
      });
    }
  }
  return edits;
}

interface Binding {
  kind: 'default' | 'namespace' | 'named';
  node: Node;
}

function bindingsOf(declaration: ImportDeclaration): Binding[] {
  const bindings: Binding[] = [];
  const defaultImport = declaration.getDefaultImport();
  if (defaultImport) bindings.push({ kind: 'default', node: defaultImport });
  const namespace = declaration.getNamespaceImport();
  if (namespace) bindings.push({ kind: 'namespace', node: namespace });
  for (const specifier of declaration.getNamedImports())
    bindings.push({ kind: 'named', node: specifier.getAliasNode() ?? specifier.getNameNode() });
  return bindings;
}

/** The import with the dead bindings left out, on one line; everything else in the file is untouched. */
function rebuiltImport(declaration: ImportDeclaration, dead: Set<Node>): string {
  const parts: string[] = [];
  const defaultImport = declaration.getDefaultImport();
  if (defaultImport && !dead.has(defaultImport)) parts.push(defaultImport.getText());
  const namespace = declaration.getNamespaceImport();
  if (namespace && !dead.has(namespace)) parts.push(`* as ${namespace.getText()}`);
  const named = declaration.getNamedImports().filter((s) => !dead.has(s.getAliasNode() ?? s.getNameNode()));
  if (named.length > 0) parts.push(`{ ${named.map((s) => s.getText()).join(', ')} }`);
  const typeOnly = declaration.isTypeOnly() ? 'type ' : '';
  const attributes = declaration.getAttributes()?.getText();
  const semicolon = declaration.getText().trimEnd().endsWith(';') ? ';' : '';
  return `import ${typeOnly}${parts.join(', ')} from ${declaration.getModuleSpecifier().getText()}${attributes ? ` ${attributes}` : ''}${semicolon}`;
}

export function unusedVariableEdits(file: SourceFile, spans: Span[]): TextEdit[] {
  const unused = spans.filter((s) => UNUSED_CODES.has(s.code));
  const edits: TextEdit[] = [];
  const text = file.getFullText();
  file.forEachDescendant((node) => {
    if (Node.isVariableStatement(node)) {
      const edit = variableStatementEdit(node, unused, text);
      if (edit) edits.push(edit);
    } else if (
      Node.isFunctionDeclaration(node) &&
      !node.isExported() &&
      !node.isDefaultExport() &&
      node.hasBody() &&
      node.getOverloads().length === 0
    ) {
      const name = node.getNameNode();
      if (name && within(unused, name.getStart(), name.getEnd())) {
        const start = node.getJsDocs()[0]?.getStart() ?? node.getStart();
        edits.push({ ...statementLineRange(text, start, node.getEnd()), text: '' });
      }
    }
  });
  return edits;
}

function variableStatementEdit(statement: VariableStatement, unused: Span[], text: string): TextEdit | null {
  if (statement.isExported() || statement.hasDeclareKeyword()) return null;
  const declarations = statement.getDeclarations();
  const dead = declarations.filter((d) => {
    const name = d.getNameNode();
    return Node.isIdentifier(name) && within(unused, name.getStart(), name.getEnd()) && isPure(d.getInitializer());
  });
  if (dead.length === 0) return null;
  if (dead.length === declarations.length) return { ...statementLineRange(text, statement.getStart(), statement.getEnd()), text: '' };
  const list = statement.getDeclarationList();
  const kept = declarations.filter((d) => !dead.includes(d)).map((d) => d.getText());
  return { start: list.getStart(), end: list.getEnd(), text: `${list.getDeclarationKindKeywords()[0]!.getText()} ${kept.join(', ')}` };
}
