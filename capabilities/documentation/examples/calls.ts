/**
 * Real calls of the public API found in the project: every call (`f(…)`, `ns.f(…)`) and `new C(…)`
 * whose callee the checker resolves to an export — whatever name the file imported it under — kept
 * only when it stands on its own: every identifier in it is a literal's, a global's (declared by the
 * standard library), declared inside the expression (an arrow's parameter), or another export. Exports
 * are written under their public names, so the example is what a user of the package types.
 *
 * In a test file the assertion around the call gives the result: `expect(CALL).toBe(V)` / toEqual /
 * toStrictEqual / chai's `.equal`/`.eql`, `assert.equal|strictEqual|deepEqual|deepStrictEqual(CALL, V)`
 * -> `CALL // => V`; `toBeCloseTo(V)` -> `// ≈ V`; `expect(() => CALL).toThrow(E)`,
 * `assert.throws(() => CALL, E)` -> `// throws E`; `await` and `.resolves` keep the `await`. An
 * assertion under `.not` asserts no value and is ignored.
 */
import ts from 'typescript';
import type { CallableExport, PublicName } from './exports.js';
import { toWorkspacePath } from '../ts-program/load-program.js';

export const TEST_FILE = /(^|\/)(test|tests|__tests__|spec|e2e)\/|\.(test|spec)\.[cm]?[jt]sx?$/;

export type Origin = 'asserted' | 'test' | 'code';

export interface FoundCall {
  origin: Origin;
  /** The example line: `slugify('Hello World') // => 'hello-world'`. */
  code: string;
  /** Exports the line uses, to import. */
  uses: PublicName[];
  /** Lines the call needs before it (local constants of the test it reads). */
  setup: string[];
  file: string;
  line: number;
  column: number;
  /** The example is JSX (`<Badge label="new" />`): a tsx/jsx fence. */
  jsx?: boolean;
  /** What running it checks (documentation.examples executes the examples it writes). */
  check?: ExampleCheck;
}

/**
 * The runnable form of an example line: the expression as shown (`await` kept) and what the test
 * asserted about it — a value (`=> V`), a close number (`≈ V`), a throw (`throws E`, E optional) — or
 * nothing (`none`: it must not throw).
 */
export interface ExampleCheck {
  expr: string;
  kind: 'equal' | 'close' | 'throws' | 'none';
  value?: string;
}

interface Outcome {
  text: string;
  kind: 'equal' | 'close' | 'throws';
  value?: string;
  uses: PublicName[];
  setup: string[];
  awaits: boolean;
}

const VALUE_MATCHERS = new Set(['toBe', 'toEqual', 'toStrictEqual', 'equal', 'equals', 'eql', 'toBeCloseTo']);
const THROW_MATCHERS = new Set([
  'toThrow',
  'toThrowError',
  'throw',
  'throws',
  'toThrowErrorMatchingSnapshot',
  'toThrowErrorMatchingInlineSnapshot',
]);
const ASSERT_VALUE = new Set(['equal', 'strictEqual', 'deepEqual', 'deepStrictEqual']);

interface Rendered {
  text: string;
  uses: PublicName[];
  /** `const x = …;` lines for the local constants the expression reads (declared before it, standalone themselves). */
  setup: string[];
}

export class CallFinder {
  private readonly checker: ts.TypeChecker;

  /** `semi`: the statement terminator of the project's code style ('' without semicolons). */
  constructor(
    private readonly program: ts.Program,
    private readonly names: Map<ts.Symbol, PublicName>,
    private readonly semi = ';',
  ) {
    this.checker = program.getTypeChecker();
  }

  private resolved(node: ts.Node): ts.Symbol | undefined {
    const symbol = this.checker.getSymbolAtLocation(node);
    if (!symbol) return undefined;
    return symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }

  /** The export a callee expression names — or, for a method (`circle.area()`, `Registry.of()`), the exported class declaring it. */
  exportOf(callee: ts.Expression): ts.Symbol | undefined {
    const at = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    if (!ts.isIdentifier(at)) return undefined;
    const symbol = this.resolved(at);
    if (!symbol) return undefined;
    if (this.names.has(symbol)) return symbol;
    const decl = symbol.valueDeclaration;
    if (symbol.flags & ts.SymbolFlags.Method && decl && ts.isClassDeclaration(decl.parent) && decl.parent.name) {
      const owner = this.checker.getSymbolAtLocation(decl.parent.name);
      if (owner && this.names.has(owner)) return owner;
    }
    return undefined;
  }

  /** A `const` of the same file, declared before `at`, whose initializer stands on its own: its setup line. */
  private localConstant(symbol: ts.Symbol, at: ts.Node, depth: number): Rendered | null {
    const decl = symbol.valueDeclaration;
    if (depth > 3 || !decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name) || !decl.initializer) return null;
    if (decl.getSourceFile() !== at.getSourceFile() || decl.end > at.pos) return null;
    if (!(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const)) return null;
    // Used in between (`registry.add(…)` before `registry.get(…)`): its state is no longer the initializer's.
    if (this.usedBetween(symbol, decl.name, decl.end, at.getStart())) return null;
    const init = this.render(decl.initializer, depth + 1);
    if (!init) return null;
    return { text: decl.name.text, uses: init.uses, setup: [...init.setup, `const ${decl.name.text} = ${init.text}${this.semi}`] };
  }

  private usedBetween(symbol: ts.Symbol, name: ts.Identifier, from: number, to: number): boolean {
    let used = false;
    const visit = (n: ts.Node): void => {
      if (used || n.end <= from || n.pos >= to) return;
      if (
        ts.isIdentifier(n) &&
        n.text === name.text &&
        n.getStart() >= from &&
        n.getEnd() <= to &&
        this.checker.getSymbolAtLocation(n) === symbol
      )
        used = true;
      else ts.forEachChild(n, visit);
    };
    visit(name.getSourceFile());
    return used;
  }

  /** The expression as a user of the package writes it, or null when it depends on something local. */
  render(expr: ts.Node, depth = 0): Rendered | null {
    const source = expr.getSourceFile();
    const edits: { start: number; end: number; text: string }[] = [];
    const uses: PublicName[] = [];
    const setup: string[] = [];
    let ok = true;
    const isGlobal = (symbol: ts.Symbol): boolean =>
      (symbol.declarations ?? []).every((d) => {
        const file = d.getSourceFile();
        return file.isDeclarationFile && this.program.isSourceFileDefaultLibrary(file);
      });
    const inside = (symbol: ts.Symbol): boolean =>
      (symbol.declarations ?? []).some((d) => d.getSourceFile() === source && d.pos >= expr.pos && d.end <= expr.end);
    const visit = (node: ts.Node): void => {
      if (!ok) return;
      if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
        const at = ts.isPropertyAccessExpression(node) ? node.name : node;
        const symbol = ts.isIdentifier(at) ? this.resolved(at) : undefined;
        const named = symbol && this.names.get(symbol);
        if (named) {
          edits.push({ start: node.getStart(source), end: node.getEnd(), text: named.name });
          uses.push(named);
          return;
        }
      }
      if (ts.isIdentifier(node)) {
        const parent = node.parent;
        if (ts.isPropertyAccessExpression(parent) && parent.name === node) return;
        if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) && parent.name === node) return;
        if ((ts.isParameter(parent) || ts.isBindingElement(parent)) && parent.name === node) return;
        if (node.text === 'undefined') return;
        if (ts.isJsxAttribute(parent) && parent.name === node) return;
        // `<div>`: an intrinsic element, not a binding.
        if (isJsxTag(parent) && parent.tagName === node && /^[a-z]/.test(node.text)) return;
        const symbol = this.checker.getSymbolAtLocation(node);
        if (symbol && (isGlobal(symbol) || inside(symbol))) return;
        const constant = symbol && this.localConstant(symbol, expr, depth);
        if (!constant) ok = false;
        else {
          uses.push(...constant.uses);
          for (const line of constant.setup) if (!setup.includes(line)) setup.push(line);
        }
        return;
      }
      if (node.kind === ts.SyntaxKind.ThisKeyword || node.kind === ts.SyntaxKind.SuperKeyword) {
        ok = false;
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(expr);
    if (!ok) return null;
    const start = expr.getStart(source);
    let text = source.text.slice(start, expr.getEnd());
    for (const edit of [...edits].sort((a, b) => b.start - a.start))
      text = text.slice(0, edit.start - start) + edit.text + text.slice(edit.end - start);
    return { text: dedent(text, source, start), uses, setup };
  }

  /** Calls of the given exports in one file, standalone ones only. */
  callsIn(source: ts.SourceFile, wanted: ReadonlyMap<ts.Symbol, CallableExport>): Map<CallableExport, FoundCall[]> {
    const found = new Map<CallableExport, FoundCall[]>();
    const file = toWorkspacePath(source.fileName);
    const isTest = TEST_FILE.test(file);
    const visit = (node: ts.Node): void => {
      const jsx = ts.isJsxSelfClosingElement(node) ? node : ts.isJsxElement(node) ? node.openingElement : null;
      if (jsx && ts.isIdentifier(jsx.tagName)) {
        // `<TaskList tasks={[]} />`: a use of the component, shown as written (no result to assert).
        const target = this.exportOf(jsx.tagName);
        const callable = target && wanted.get(target);
        const rendered = callable ? this.render(node) : null;
        if (callable && rendered) {
          const at = source.getLineAndCharacterOfPosition(node.getStart(source));
          const call: FoundCall = {
            origin: isTest ? 'test' : 'code',
            code: `${rendered.text}${this.semi}`,
            uses: rendered.uses,
            setup: rendered.setup,
            jsx: true,
            file,
            line: at.line + 1,
            column: at.character + 1,
          };
          found.set(callable, [...(found.get(callable) ?? []), call]);
        }
      }
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const target = this.exportOf(node.expression);
        const callable = target && wanted.get(target);
        // A call inside the export's own declaration (recursion) shows nothing a user would write.
        if (
          callable &&
          !(callable.declaration.getSourceFile() === source && node.pos >= callable.declaration.pos && node.end <= callable.declaration.end)
        ) {
          const call = this.example(node, isTest);
          const at = source.getLineAndCharacterOfPosition(node.getStart(source));
          if (call) found.set(callable, [...(found.get(callable) ?? []), { ...call, file, line: at.line + 1, column: at.character + 1 }]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  private example(call: ts.CallExpression | ts.NewExpression, isTest: boolean): Omit<FoundCall, 'file' | 'line' | 'column'> | null {
    const rendered = this.render(call);
    if (!rendered) return null;
    const awaited = ts.isAwaitExpression(call.parent) ? call.parent : null;
    const shown = `${awaited ? 'await ' : ''}${rendered.text}`;
    const plain = {
      code: `${shown}${this.semi}`,
      uses: rendered.uses,
      setup: rendered.setup,
      check: { expr: shown, kind: 'none' as const },
    };
    if (!isTest) return { origin: 'code', ...plain };
    const outcome = this.assertion(awaited ?? call) ?? this.assertionOfVariable(awaited ?? call);
    if (!outcome) return { origin: 'test', ...plain };
    const prefix = outcome.awaits && !awaited ? 'await ' : '';
    const setup = [...rendered.setup, ...outcome.setup.filter((l) => !rendered.setup.includes(l))];
    return {
      origin: 'asserted',
      code: `${prefix}${shown}${this.semi} // ${outcome.text}`,
      uses: [...rendered.uses, ...outcome.uses],
      setup,
      check: { expr: `${prefix}${shown}`, kind: outcome.kind, ...(outcome.value !== undefined ? { value: outcome.value } : {}) },
    };
  }

  /** `const parsed = CALL;` then an assertion on `parsed` (its first use in the file): that assertion. */
  private assertionOfVariable(node: ts.Expression): Outcome | null {
    const decl = node.parent;
    if (!ts.isVariableDeclaration(decl) || decl.initializer !== node || !ts.isIdentifier(decl.name)) return null;
    const symbol = this.checker.getSymbolAtLocation(decl.name);
    const source = node.getSourceFile();
    let first: ts.Identifier | null = null;
    const visit = (n: ts.Node): void => {
      if (first) return;
      if (ts.isIdentifier(n) && n !== decl.name && n.pos > decl.end && n.text === decl.name.getText(source)) {
        if (this.checker.getSymbolAtLocation(n) === symbol) first = n;
        return;
      }
      ts.forEachChild(n, visit);
    };
    visit(source);
    return first ? this.assertion(first) : null;
  }

  /** What the test asserts about the call's result: `=> V`, `≈ V`, `throws E`; null when nothing usable. */
  private assertion(node: ts.Expression): Outcome | null {
    let subject: ts.Node = node;
    // `() => CALL` handed to a throw assertion.
    if (ts.isArrowFunction(node.parent) && node.parent.body === node) subject = node.parent;
    // `() => { CALL; }`: a block of that one statement.
    const statement = node.parent;
    const block = statement?.parent;
    if (
      ts.isExpressionStatement(statement) &&
      block &&
      ts.isBlock(block) &&
      block.statements.length === 1 &&
      ts.isArrowFunction(block.parent) &&
      block.parent.body === block
    )
      subject = block.parent;
    const holder = subject.parent;
    if (!ts.isCallExpression(holder) || holder.arguments[0] !== subject) return null;
    const callee = holder.expression;
    const calleeName = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    if (calleeName === 'expect') {
      const chain: string[] = [];
      let at: ts.Node = holder;
      while (ts.isPropertyAccessExpression(at.parent) && at.parent.expression === at) {
        chain.push(at.parent.name.text);
        at = at.parent;
      }
      const matcherCall = at.parent;
      if (!ts.isCallExpression(matcherCall) || matcherCall.expression !== at || chain.includes('not')) return null;
      const matcher = chain[chain.length - 1]!;
      const awaits = chain.includes('resolves') || chain.includes('rejects');
      return this.outcome(matcher, matcherCall.arguments[0], subject !== node, awaits);
    }
    if (ASSERT_VALUE.has(calleeName) && subject === node) return this.outcome('equal', holder.arguments[1], false, false);
    if ((calleeName === 'throws' || calleeName === 'rejects') && ts.isArrowFunction(subject))
      return this.outcome('throws', holder.arguments[1], true, calleeName === 'rejects');
    return null;
  }

  private outcome(matcher: string, arg: ts.Expression | undefined, wrapped: boolean, awaits: boolean): Outcome | null {
    if (THROW_MATCHERS.has(matcher)) {
      // A snapshot's argument is the message as a snapshot string, not a value to show.
      const what = arg && !matcher.includes('Snapshot') ? this.render(arg) : null;
      return {
        text: what ? `throws ${what.text}` : 'throws',
        kind: 'throws',
        ...(what ? { value: what.text } : {}),
        uses: what?.uses ?? [],
        setup: what?.setup ?? [],
        awaits,
      };
    }
    if (!VALUE_MATCHERS.has(matcher) || !arg || wrapped) return null;
    const value = this.render(arg);
    if (!value) return null;
    const close = matcher === 'toBeCloseTo';
    return {
      text: `${close ? '≈' : '=>'} ${value.text}`,
      kind: close ? 'close' : 'equal',
      value: value.text,
      uses: value.uses,
      setup: value.setup,
      awaits,
    };
  }
}

const isJsxTag = (node: ts.Node): node is ts.JsxOpeningElement | ts.JsxSelfClosingElement | ts.JsxClosingElement =>
  ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxClosingElement(node);

/** Continuation lines lose the indentation of the line the expression starts on. */
function dedent(text: string, source: ts.SourceFile, start: number): string {
  if (!text.includes('\n')) return text;
  const lineStart = source.text.lastIndexOf('\n', start - 1) + 1;
  const indent = /^[ \t]*/.exec(source.text.slice(lineStart))![0];
  return text
    .split('\n')
    .map((line, i) => (i > 0 && line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}
