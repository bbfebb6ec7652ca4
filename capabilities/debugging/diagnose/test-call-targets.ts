/**
 * Where a failing test's cause lies when its stack names no project frame outside test files (an
 * assertion failed on a value the code returned): the functions the failing statement calls — and the
 * calls that produced the variables it reads — resolved with the TypeScript program to their
 * declarations outside test files, then candidate lines ranked:
 *  1. a declaration in the callee's file named after the called function (`emailRegex` for `email()`):
 *     the value the function checks against (its initialiser's line);
 *  2. the line producing the returned value in the callee's implementation, following the function it
 *     hands its work to in the same file (`purry(_dropLast, arguments)` → `_dropLast`): the last
 *     statement that changes the returned variable before the `return`, or the `return` itself.
 */
import path from 'node:path';
import ts from 'typescript';
import type { CapabilityContext } from '../../../core/index.js';
import { codeFrame } from '../explain/code-frame.js';
import { ConfinedFiles } from '../typecheck/confined-host.js';
import { configFiles, loadProjects } from '../typecheck/find-projects.js';
import type { ResolvedFrame } from './resolve-frames.js';
import type { Suspect } from './suspects.js';

/** A test file by the runners' conventions (`*.test.ts`, `*.spec.js`, `__tests__/`, `test/`). */
export const TEST_FILE = /(?:^|\/)(?:__tests__|__test__|tests?)\/|\.(?:test|spec)\.[cm]?[jt]sx?$/;

export interface CallTargetCandidate extends Suspect {
  /** `named`: a declaration named after the called function; `value`: the line producing the returned value. */
  rank: 'named' | 'constant' | 'value';
}

const DEFAULT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  noEmit: true,
};

type Fn = ts.FunctionLikeDeclaration & { body: ts.Node };

export async function callTargetCandidates(ctx: CapabilityContext, test: ResolvedFrame): Promise<CallTargetCandidate[]> {
  const root = ctx.workspace.root;
  const files = new ConfinedFiles(root);
  const testPath = path.resolve(root, test.file);
  const projects = loadProjects(files, await configFiles(ctx));
  const project =
    projects.find((p) => p.parsed.fileNames.some((f) => path.resolve(f) === testPath)) ??
    projects.find((p) => p.parsed.fileNames.length > 0);
  const options: ts.CompilerOptions = {
    ...(project?.parsed.options ?? DEFAULT_OPTIONS),
    noEmit: true,
    incremental: false,
    composite: false,
  };
  // The test file alone as the root: the program pulls in what it imports, not the whole project.
  const program = ts.createProgram({ rootNames: [testPath], options, host: files.compilerHost(options) });
  const sf = program.getSourceFile(testPath);
  if (!sf || test.line < 1 || test.line > sf.getLineStarts().length) return [];
  const checker = program.getTypeChecker();
  const statement = statementAt(sf, sf.getPositionOfLineAndCharacter(test.line - 1, Math.max(0, test.column - 1)));
  if (!statement) return [];

  const calls = callsOf(statement, sf, checker);
  const targets: { name: string; fn: Fn }[] = [];
  const seen = new Set<ts.Node>();
  for (const call of calls) {
    const name = ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
    const fn = implementationOf(checker, name);
    if (!fn || seen.has(fn) || !inProject(root, fn.getSourceFile().fileName)) continue;
    seen.add(fn);
    targets.push({ name: name.getText(), fn });
  }
  const out: CallTargetCandidate[] = [];
  for (const t of targets) {
    const named = namedAfter(t.name, t.fn.getSourceFile());
    if (named) out.push(candidate('named', root, named.node, `\`${named.name}\`, named after \`${t.name}()\` the failing test calls`));
  }
  for (const t of targets) {
    for (const c of constantsRead(t.fn, checker))
      out.push(candidate('constant', root, c.node, `\`${c.name}\`, a constant \`${t.name}()\` reads, which the failing test calls`));
  }
  for (const t of targets) {
    const produced = producingLine(t.fn, checker, 0);
    if (produced)
      out.push(candidate('value', root, produced.node, `produces the value \`${t.name}()\` returns to the failing test${produced.via}`));
  }
  return out;
}

function inProject(root: string, file: string): boolean {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return !rel.startsWith('..') && !rel.includes('node_modules/') && !file.endsWith('.d.ts') && !TEST_FILE.test(rel);
}

function candidate(rank: CallTargetCandidate['rank'], root: string, node: ts.Node, note: string): CallTargetCandidate {
  const sf = node.getSourceFile();
  const lc = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  const file = path.relative(root, sf.fileName).split(path.sep).join('/');
  return {
    rank,
    role: 'call-target',
    file,
    line: lc.line + 1,
    column: lc.character + 1,
    note,
    codeFrame: codeFrame(sf.text, lc.line + 1, lc.character + 1, 1),
  };
}

/** The innermost statement containing `pos` that is not a block (the test's `expect(...)` line). */
function statementAt(sf: ts.SourceFile, pos: number): ts.Statement | null {
  let best: ts.Statement | null = null;
  const visit = (node: ts.Node): void => {
    if (pos < node.getStart(sf) || pos > node.end) return;
    if (ts.isStatement(node) && !ts.isBlock(node)) best = node;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return best;
}

/**
 * The calls of the statement in source order (`expect(...)` and matchers resolve outside the project
 * and drop out later), then the calls that initialised the local variables it reads, two levels deep.
 */
function callsOf(statement: ts.Node, sf: ts.SourceFile, checker: ts.TypeChecker): ts.CallExpression[] {
  const out: ts.CallExpression[] = [];
  const visited = new Set<ts.Node>();
  const walk = (node: ts.Node, depth: number): void => {
    if (visited.has(node)) return;
    visited.add(node);
    const inits: ts.Expression[] = [];
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) out.push(n);
      if (ts.isIdentifier(n) && depth < 2) {
        const decl = checker.getSymbolAtLocation(n)?.valueDeclaration;
        if (
          decl &&
          ts.isVariableDeclaration(decl) &&
          decl.initializer &&
          decl.getSourceFile() === sf &&
          !decl.initializer.getText(sf).startsWith('(')
        )
          inits.push(decl.initializer);
      }
      ts.forEachChild(n, visit);
    };
    visit(node);
    for (const init of inits) walk(init, depth + 1);
  };
  walk(statement, 0);
  // Innermost first within one expression (`z.string().email()`: string, email), as TypeScript evaluates them.
  return out.sort((a, b) => a.getStart(sf) - b.getStart(sf) || a.end - b.end);
}

/** The declaration with a body of the function or method `name` resolves to (the implementation of overloads). */
function implementationOf(checker: ts.TypeChecker, name: ts.Node): Fn | null {
  let symbol = checker.getSymbolAtLocation(name);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  for (const d of symbol?.declarations ?? []) {
    if (ts.isFunctionLike(d) && 'body' in d && d.body) return d as Fn;
    if (ts.isVariableDeclaration(d) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
      return d.initializer as Fn;
  }
  return null;
}

/** A variable of the file named after the called function (`email` → `emailRegex`), at its value. */
function namedAfter(name: string, sf: ts.SourceFile): { node: ts.Expression; name: string } | null {
  // `isSku` → `sku`: the verb of a predicate is not part of the checked thing's name.
  const lower = name.replace(/^(?:is|has|check|validate)(?=[A-Z])/, '').toLowerCase();
  if (lower.length < 3) return null;
  let found: ts.VariableDeclaration | null = null;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const id = n.name.text.replace(/^_+/, '').toLowerCase();
      if (id.startsWith(lower) && id.length > lower.length) found = n;
    }
    if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
  };
  ts.forEachChild(sf, visit);
  const decl = found as ts.VariableDeclaration | null;
  return decl ? { node: decl.initializer!, name: (decl.name as ts.Identifier).text } : null;
}

/** Module-level constants with a literal value (a pattern, a table) the function's body reads. */
function constantsRead(fn: Fn, checker: ts.TypeChecker): { node: ts.Expression; name: string }[] {
  const out: { node: ts.Expression; name: string }[] = [];
  const sf = fn.getSourceFile();
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n)) {
      const d = checker.getSymbolAtLocation(n)?.valueDeclaration;
      if (
        d &&
        ts.isVariableDeclaration(d) &&
        d.getSourceFile() === sf &&
        ts.isSourceFile(d.parent.parent.parent) &&
        d.initializer &&
        (ts.isRegularExpressionLiteral(d.initializer) ||
          ts.isStringLiteralLike(d.initializer) ||
          ts.isArrayLiteralExpression(d.initializer) ||
          ts.isObjectLiteralExpression(d.initializer)) &&
        !out.some((o) => o.node === d.initializer)
      )
        out.push({ node: d.initializer, name: n.text });
    }
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  return out;
}

/**
 * The line producing what `fn` returns: into the function of the same file it hands the work to (a
 * callee or an argument of its returned call), then the last statement changing the returned variable.
 */
function producingLine(fn: Fn, checker: ts.TypeChecker, depth: number): { node: ts.Node; via: string } | null {
  const sf = fn.getSourceFile();
  if (!ts.isBlock(fn.body)) return { node: fn.body, via: '' };
  const statements = fn.body.statements;
  const ret = [...statements].reverse().find(ts.isReturnStatement);
  if (!ret?.expression) return null;
  const value = unwrap(ret.expression);
  if (ts.isCallExpression(value) && depth < 3) {
    for (const part of [value.expression, ...value.arguments]) {
      const id = ts.isIdentifier(part) ? part : null;
      const next = id ? implementationOf(checker, id) : null;
      if (next && next !== fn && next.getSourceFile() === sf) {
        const deeper = producingLine(next, checker, depth + 1);
        if (deeper) return { node: deeper.node, via: deeper.via || ` (through \`${id!.text}\`)` };
      }
    }
  }
  if (ts.isIdentifier(value)) {
    const name = value.text;
    const before = statements.slice(0, statements.indexOf(ret));
    for (let i = before.length - 1; i >= 0; i--) if (changes(before[i]!, name)) return { node: before[i]!, via: '' };
  }
  return { node: ret, via: '' };
}

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e) ? unwrap(e.expression) : e;

/** `x = …`, `x.push(…)`, `x[i] = …`, `const x = …`: a statement that sets or changes `name`. */
function changes(statement: ts.Statement, name: string): boolean {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name);
  if (!ts.isExpressionStatement(statement)) return false;
  const e = statement.expression;
  const root = (x: ts.Expression): ts.Expression =>
    ts.isPropertyAccessExpression(x) || ts.isElementAccessExpression(x) || ts.isCallExpression(x) ? root(x.expression) : x;
  if (
    ts.isBinaryExpression(e) &&
    e.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
    e.operatorToken.kind <= ts.SyntaxKind.LastAssignment
  ) {
    const target = root(e.left);
    return ts.isIdentifier(target) && target.text === name;
  }
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
    const target = root(e.expression.expression);
    return ts.isIdentifier(target) && target.text === name;
  }
  return false;
}
