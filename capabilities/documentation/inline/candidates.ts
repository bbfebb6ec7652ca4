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

/**
 * A parameter typed by an inline object literal (`config?: { autoFreeze?: boolean }`): eslint-plugin-jsdoc
 * (TypeScript mode) then wants `@param config.autoFreeze`, a name TSDoc's grammar refuses — no comment
 * passes both, so such a function is left to a human (or to a named type).
 */
const literalTyped = (fn: ts.SignatureDeclaration): string | null => {
  const p = fn.parameters.find((q) => q.type && ts.isTypeLiteralNode(q.type) && q.type.members.some((m) => ts.isPropertySignature(m)));
  return p && ts.isIdentifier(p.name) ? p.name.text : null;
};

/**
 * A nested function's overload signature (`function clone<T>(x: T): T;` inside the body):
 * eslint-plugin-jsdoc reads its return type as the outer function's and wants a `@returns` for a
 * function that returns nothing — no true comment passes, so it is left to a human.
 */
function nestedOverloadReturning(fn: ts.SignatureDeclaration): boolean {
  const body = (fn as ts.FunctionLikeDeclaration).body;
  if (!body) return false;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isFunctionDeclaration(node) && !node.body) {
      found = node.type !== undefined && node.type.kind !== ts.SyntaxKind.VoidKeyword;
      return;
    }
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

const INVOKED = (node: ts.Node): boolean => ts.isCallExpression(node) || ts.isNewExpression(node);

/**
 * A function nested in a constant's initializer that eslint-plugin-jsdoc reads the constant's comment
 * as documenting: it climbs from a function expression through parents that are not functions,
 * properties or calls of it up to the declaration (`export const errors = cond ? [function (plugin) {…}] : []`).
 */
function nestedFunctionTakingComment(init: ts.Expression): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      let at: ts.Node = node.parent;
      if (INVOKED(at)) return;
      while (at && !ts.isVariableDeclaration(at)) {
        if (ts.isFunctionLike(at) || ts.isPropertyAssignment(at) || ts.isShorthandPropertyAssignment(at) || ts.isReturnStatement(at))
          return;
        if (ts.getLeadingCommentRanges(at.getSourceFile().text, at.pos)?.length && at !== init) return;
        at = at.parent;
      }
      found = true;
      return;
    }
    if (ts.isClassLike(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(init);
  return found;
}

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
    if (nestedOverloadReturning(fn))
      return void skipped.push({
        name: owner ? `${owner}.${name}` : name,
        line: lineOf(anchor),
        reason:
          'a nested overload signature eslint-plugin-jsdoc takes for its return type (it would want a @returns the function does not have); document it by hand',
      });
    const literal = literalTyped(fn);
    if (literal)
      return void skipped.push({
        name: owner ? `${owner}.${name}` : name,
        line: lineOf(anchor),
        reason: `parameter ${literal} is typed by an object literal: eslint-plugin-jsdoc wants @param ${literal}.<property>, which TSDoc refuses; name its type (or document it by hand)`,
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
      else if (first.initializer && nestedFunctionTakingComment(first.initializer))
        skipped.push({
          name: first.name.text,
          line: lineOf(statement),
          reason:
            'its value holds functions eslint-plugin-jsdoc would read the comment as documenting (their parameters would be missing); document it by hand',
        });
      else candidates.push({ kind: 'variable', name: first.name.text, anchor: statement });
    }
  }
  return { candidates, skipped, named };
}
