/**
 * What documentation.inline documents: exported declarations of a file that have no doc comment —
 * functions (each overload signature, not the implementation), `const` arrow functions and function
 * expressions, classes with their public constructors, methods and accessors, interfaces, type aliases,
 * enums and constants — and why others are skipped (destructured parameters, several declarators).
 */
import ts from 'typescript';

export type CandidateKind =
  'function' | 'class' | 'constructor' | 'method' | 'accessor' | 'interface' | 'type' | 'enum' | 'variable' | 'namespace';

export interface Candidate {
  kind: CandidateKind;
  name: string;
  /** The node the comment goes before (a statement or a class member). */
  anchor: ts.Node;
  /** The function-like declaration whose parameters/returns/throws are documented, if any. */
  fn?: ts.SignatureDeclaration;
  /** The class a member belongs to. */
  owner?: string;
}

export interface Skipped {
  name: string;
  line: number;
  reason: string;
}

const hasDoc = (node: ts.Node): boolean => ts.getJSDocCommentsAndTags(node).some((d) => ts.isJSDoc(d));

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

const isPublic = (node: ts.Node): boolean => {
  const mods = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
  if (mods.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword)) return false;
  const name = ts.getNameOfDeclaration(node as ts.Declaration);
  return !(name && ts.isPrivateIdentifier(name));
};

const destructured = (fn: ts.SignatureDeclaration): boolean => fn.parameters.some((p) => !ts.isIdentifier(p.name));

function functionInitializer(decl: ts.VariableDeclaration): ts.ArrowFunction | ts.FunctionExpression | undefined {
  let init = decl.initializer;
  while (init && (ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
  return init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : undefined;
}

/** `named`: whether an exported declaration of this file goes by `symbol` (documented or not). */
export function findCandidates(source: ts.SourceFile, symbol?: string): { candidates: Candidate[]; skipped: Skipped[]; named: boolean } {
  const candidates: Candidate[] = [];
  const skipped: Skipped[] = [];
  const lineOf = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  let named = false;
  const wanted = (name: string, owner?: string): boolean => {
    if (!symbol) return true;
    const hit = name === symbol || owner === symbol || `${owner}.${name}` === symbol;
    named ||= hit;
    return hit;
  };
  const addFunction = (kind: CandidateKind, name: string, anchor: ts.Node, fn: ts.SignatureDeclaration, owner?: string): void => {
    if (!wanted(name, owner) || hasDoc(anchor)) return;
    if (destructured(fn))
      return void skipped.push({
        name: owner ? `${owner}.${name}` : name,
        line: lineOf(anchor),
        reason: 'destructured parameter: name it (or document it by hand) so @param can use the real name',
      });
    candidates.push({ kind, name, anchor, fn, ...(owner ? { owner } : {}) });
  };
  for (const statement of source.statements) {
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement)) {
      const name = statement.name?.text ?? 'default';
      const overloads = source.statements.filter(
        (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === statement.name?.text,
      );
      // With overloads each signature is documented; the implementation is not part of the API.
      if (overloads.length > 1 && statement.body) continue;
      addFunction('function', name, statement, statement);
    } else if (ts.isClassDeclaration(statement)) {
      const name = statement.name?.text ?? 'default';
      if (wanted(name) && !hasDoc(statement)) candidates.push({ kind: 'class', name, anchor: statement });
      for (const member of statement.members) {
        if (!isPublic(member)) continue;
        if (ts.isConstructorDeclaration(member) && member.body && member.parameters.length > 0)
          addFunction('constructor', 'constructor', member, member, name);
        else if (ts.isMethodDeclaration(member) && member.body) addFunction('method', member.name.getText(source), member, member, name);
        else if (ts.isGetAccessorDeclaration(member)) addFunction('accessor', member.name.getText(source), member, member, name);
      }
    } else if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement)) {
      const kind = ts.isInterfaceDeclaration(statement) ? 'interface' : ts.isTypeAliasDeclaration(statement) ? 'type' : 'enum';
      if (wanted(statement.name.text) && !hasDoc(statement)) candidates.push({ kind, name: statement.name.text, anchor: statement });
    } else if (ts.isVariableStatement(statement)) {
      const decls = statement.declarationList.declarations;
      const first = decls[0];
      if (!first || !ts.isIdentifier(first.name) || !wanted(first.name.text) || hasDoc(statement)) continue;
      if (decls.length > 1) {
        skipped.push({
          name: first.name.text,
          line: lineOf(statement),
          reason: 'several declarators in one statement: one comment cannot document them all',
        });
        continue;
      }
      const fn = functionInitializer(first);
      if (fn) addFunction('function', first.name.text, statement, fn);
      else candidates.push({ kind: 'variable', name: first.name.text, anchor: statement });
    }
  }
  return { candidates, skipped, named };
}
