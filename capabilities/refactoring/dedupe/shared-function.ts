/**
 * The shared function for a matched clone: a parameter for every free variable that is not in scope
 * where the function goes (renamed ones always) and for every literal that differs, the values the
 * block declares and the code after it reads as return values, and the call that replaces each copy.
 */
import { Node, SyntaxKind, TypeFormatFlags, type Statement } from 'ts-morph';
import { refuse } from '../ts-project/refusal.js';
import type { BlockMatch, FreeName } from './match-blocks.js';
import type { StatementRun } from './statement-run.js';

export interface Param {
  name: string;
  type: string | null;
  argA: string;
  argB: string;
}

export interface Output {
  a: string;
  b: string;
  kind: 'const' | 'let';
}

export interface SharedPlan {
  params: Param[];
  outputs: Output[];
  /** The copy's statements, literals replaced by their parameters, not yet indented. */
  body: string[];
  isAsync: boolean;
}

export interface PlanOptions {
  /** True when the function is placed in run A's file, where A's module-level names are in scope. */
  sameFile: boolean;
  typed: boolean;
}

export function planShared(a: StatementRun, b: StatementRun, match: BlockMatch, options: PlanOptions): SharedPlan {
  const params: Param[] = [];
  for (const free of match.free) {
    if (free.written)
      throw refuse(
        `The block assigns "${free.a}", which is declared outside it; a parameter cannot carry the assignment back — merge by hand or make the block return the value.`,
      );
    if (isGlobal(free) || (options.sameFile && free.a === free.b && inModuleScope(free, a))) continue;
    params.push({ name: free.a, type: options.typed ? typeText(free.node) : null, argA: free.a, argB: free.b });
  }
  const used = new Set(identifierTexts(a.statements));
  const literalParams = new Map<string, Param>();
  const replacements: { node: Node; name: string }[] = [];
  for (const literal of match.literals) {
    const key = `${literal.a.getText()}\u0000${literal.b.getText()}`;
    let param = literalParams.get(key);
    if (!param) {
      param = {
        name: freshName('value', used),
        type: options.typed ? literalType(literal.a) : null,
        argA: literal.a.getText(),
        argB: literal.b.getText(),
      };
      literalParams.set(key, param);
      params.push(param);
    }
    replacements.push({ node: literal.a, name: param.name });
  }
  return { params, outputs: outputsOf(a, match), body: bodyLines(a, replacements), isAsync: hasAwait(a.statements) };
}

function isGlobal(free: FreeName): boolean {
  const declarations = free.node.getSymbol()?.getDeclarations() ?? [];
  const global =
    declarations.length === 0 ||
    declarations.every((d) => d.getSourceFile().isFromExternalLibrary() || d.getSourceFile().isDeclarationFile());
  if (global && free.a !== free.b) throw refuse(`The copies use different globals ("${free.a}" vs "${free.b}"); pass them in by hand.`);
  return global;
}

function inModuleScope(free: FreeName, a: StatementRun): boolean {
  const declarations = free.node.getSymbol()?.getDeclarations() ?? [];
  return declarations.length > 0 && declarations.every((d) => d.getSourceFile() === a.file && isTopLevel(d));
}

function isTopLevel(declaration: Node): boolean {
  for (let node: Node | undefined = declaration; node; node = node.getParent()) {
    if (Node.isSourceFile(node.getParent())) return true;
    if (Node.isBlock(node) || Node.isModuleBlock(node) || Node.isParameterDeclaration(node)) return false;
  }
  return false;
}

function typeText(node: Node): string {
  const text = node.getType().getText(node, TypeFormatFlags.NoTruncation | TypeFormatFlags.UseAliasDefinedOutsideCurrentScope);
  if (text.includes('import('))
    throw refuse(
      `The type of "${node.getText()}" (${text}) cannot be written in the shared module; place the copies in one file first or annotate the variable with an exported type.`,
    );
  return text;
}

function literalType(node: Node): string {
  const kind = node.getKind();
  if (kind === SyntaxKind.NumericLiteral) return 'number';
  if (kind === SyntaxKind.BigIntLiteral) return 'bigint';
  if (kind === SyntaxKind.TrueKeyword || kind === SyntaxKind.FalseKeyword) return 'boolean';
  return 'string';
}

function identifierTexts(statements: Statement[]): string[] {
  const names: string[] = [];
  for (const s of statements) s.forEachDescendant((n) => void (Node.isIdentifier(n) && names.push(n.getText())));
  return names;
}

function freshName(base: string, used: Set<string>): string {
  for (let i = 1; ; i += 1) {
    const name = i === 1 ? base : `${base}${i}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

/** Names declared at the top of run A that the statements after it read (the same for B, renamed). */
function outputsOf(a: StatementRun, match: BlockMatch): Output[] {
  const outputs: Output[] = [];
  for (const statement of a.statements) {
    if (!Node.isVariableStatement(statement)) continue;
    for (const declaration of statement.getDeclarations()) {
      const nameNode = declaration.getNameNode();
      if (!Node.isIdentifier(nameNode)) continue;
      const readAfter = a.after.some((s) =>
        s.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getSymbol() === nameNode.getSymbol()),
      );
      if (!readAfter) continue;
      if (statement.getDeclarationKind() === 'var')
        throw refuse(
          `"${nameNode.getText()}" is a var the code after the block reads; convert it to let/const first (refactoring.modernize).`,
        );
      outputs.push({
        a: nameNode.getText(),
        b: match.locals.get(nameNode.getText()) ?? nameNode.getText(),
        kind: statement.getDeclarationKind() === 'let' ? 'let' : 'const',
      });
    }
  }
  return outputs;
}

function bodyLines(a: StatementRun, replacements: { node: Node; name: string }[]): string[] {
  const start = a.statements[0]!.getStart();
  let text = a.file.getFullText().slice(start, a.statements[a.statements.length - 1]!.getEnd());
  for (const r of [...replacements].sort((x, y) => y.node.getStart() - x.node.getStart())) {
    text = text.slice(0, r.node.getStart() - start) + r.name + text.slice(r.node.getEnd() - start);
  }
  const lineStart = a.file.getFullText().lastIndexOf('\n', start - 1) + 1;
  const indent = a.file.getFullText().slice(lineStart, start);
  return text.split('\n').map((line, i) => (i > 0 && line.startsWith(indent) ? line.slice(indent.length) : line));
}

/** An `await` of the block itself (not of a function nested in it) makes the shared function async. */
function hasAwait(statements: Statement[]): boolean {
  return statements.some((s) =>
    s.getDescendantsOfKind(SyntaxKind.AwaitExpression).some((aw) => {
      const fn = aw.getFirstAncestor((n) => Node.isFunctionLikeDeclaration(n) || Node.isArrowFunction(n));
      return !fn || (fn.getStart() <= s.getStart() && fn.getEnd() >= s.getEnd());
    }),
  );
}
