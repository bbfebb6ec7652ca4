/**
 * One walk over a file's tree that measures every unit (function, class field initializer, class
 * static block) at once: cyclomatic (innermost unit only, like ESLint), cognitive (every enclosing
 * unit, like the paper), nesting depth (innermost unit, like max-depth), and the file's Halstead
 * counts and source lines.
 */
import { HalsteadCounter } from './halstead.js';
import { cyclomaticIncrement } from './cyclomatic.js';
import { cognitiveIncrement, isNestedChild } from './cognitive.js';
import { opensDepth } from './nesting.js';
import { belongsOutsideMethod, functionName, headLocation, isFieldInitializer, parameterCount, unitKind, type UnitKind } from './function-units.js';
import { fieldChild, logicalParent, textOf, type SyntaxNode as Node } from '../../../core/index.js';

export interface FunctionMetrics {
  /** ESLint-style name: "function 'foo'", "method 'bar'", "arrow function", "class field initializer", ... */
  name: string;
  kind: UnitKind;
  /** 1-based line and column where ESLint reports the function (its "head"). */
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  cyclomatic: number;
  cognitive: number;
  nesting: number;
  lines: number;
  params: number;
}

interface Unit {
  metrics: FunctionMetrics;
  /** The name a direct recursive call would use, if the function has one. */
  selfName: string | undefined;
  depth: number;
  /** Cognitive nesting level relative to this unit. */
  nesting: number;
}

export class MetricsWalker {
  readonly functions: FunctionMetrics[] = [];
  readonly halstead = new HalsteadCounter();
  readonly codeRows = new Set<number>();
  /** Decisions outside any unit (top-level code), for the file's cyclomatic number. */
  topLevelDecisions = 0;
  private readonly stack: Unit[] = [];

  constructor(private readonly source: string) {}

  visit(node: Node): void {
    const fieldUnit = isFieldInitializer(node) ? this.push(node, 'class-field-initializer') : undefined;
    const kind = unitKind(node);
    if (kind === 'function' && node.type === 'method_definition') {
      for (const child of node.children) if (belongsOutsideMethod(child)) this.visit(child);
    }
    const unit = kind ? this.push(node, kind) : undefined;
    this.measure(node);
    const skipTokens = this.halstead.add(node, this.source);
    if (!skipTokens && node.children.length === 0 && node.type !== 'comment') this.markRows(node);
    if (skipTokens) this.markRows(node);
    const depthOpened = opensDepth(node) && this.stack.length > 0;
    if (depthOpened) this.openDepth();
    for (const child of node.children) {
      if (unit && node.type === 'method_definition' && belongsOutsideMethod(child)) continue;
      const nested = isNestedChild(node, child);
      if (nested) this.shiftNesting(1);
      this.visit(child);
      if (nested) this.shiftNesting(-1);
    }
    if (depthOpened) this.current()!.depth--;
    if (unit) this.pop();
    if (fieldUnit) this.pop();
  }

  private measure(node: Node): void {
    const decisions = cyclomaticIncrement(node);
    const inner = this.current();
    if (inner) inner.metrics.cyclomatic += decisions;
    else this.topLevelDecisions += decisions;
    const increment = cognitiveIncrement(node);
    if (increment) for (const unit of this.stack) unit.metrics.cognitive += increment.amount + (increment.nested ? unit.nesting : 0);
    if (node.type === 'call_expression' && this.isRecursiveCall(node)) for (const unit of this.stack) unit.metrics.cognitive += 1;
  }

  private isRecursiveCall(call: Node): boolean {
    const callee = fieldChild(call, 'function');
    if (callee?.type !== 'identifier') return false;
    const name = textOf(callee, this.source);
    return this.stack.some((unit) => unit.selfName === name);
  }

  private push(node: Node, kind: UnitKind): Unit {
    const head = kind === 'function' ? headLocation(node) : { row: node.startRow, column: node.startColumn };
    const name = kind === 'function' ? functionName(node, this.source) : kind === 'class-static-block' ? 'class static block' : 'class field initializer';
    const metrics: FunctionMetrics = {
      name, kind, line: head.row + 1, column: head.column + 1, endLine: node.endRow + 1, endColumn: Math.max(1, node.endColumn),
      cyclomatic: 1, cognitive: 0, nesting: 0, lines: node.endRow - node.startRow + 1,
      params: kind === 'function' ? parameterCount(node) : 0,
    };
    // Every enclosing unit sees the nested one as one level deeper (the paper's lambdas and inner classes).
    this.shiftNesting(1);
    const unit: Unit = { metrics, selfName: kind === 'function' ? selfName(node, this.source) : undefined, depth: 0, nesting: 0 };
    this.stack.push(unit);
    this.functions.push(metrics);
    return unit;
  }

  private pop(): void {
    this.stack.pop();
    this.shiftNesting(-1);
  }

  private current(): Unit | undefined {
    return this.stack[this.stack.length - 1];
  }

  private shiftNesting(by: number): void {
    for (const unit of this.stack) unit.nesting += by;
  }

  private openDepth(): void {
    const unit = this.current()!;
    unit.depth++;
    if (unit.depth > unit.metrics.nesting) unit.metrics.nesting = unit.depth;
  }

  private markRows(node: Node): void {
    for (let row = node.startRow; row <= node.endRow; row++) this.codeRows.add(row);
  }
}

/** `function foo` -> foo; `const foo = () => ...` -> foo; otherwise none. */
function selfName(fn: Node, source: string): string | undefined {
  const own = fieldChild(fn, 'name');
  if (own && fn.type !== 'method_definition') return textOf(own, source);
  const parent = logicalParent(fn);
  if (parent?.type === 'variable_declarator') {
    const binding = fieldChild(parent, 'name');
    if (binding?.type === 'identifier') return textOf(binding, source);
  }
  return undefined;
}
