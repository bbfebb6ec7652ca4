/**
 * One walk over a file's tree that measures every unit (function, class field initializer, class
 * static block) at once: cyclomatic (innermost unit only, like ESLint), cognitive (every enclosing
 * unit, like the paper), nesting depth (innermost unit, like max-depth), and the file's Halstead
 * counts and source lines.
 */
import { HalsteadCounter } from './halstead.js';
import { cognitiveIncrement, isLogicalOperand, isNestedChild, operatorRuns } from './cognitive.js';
import { cyclomaticIncrement, logicalOperator } from './cyclomatic.js';
import { opensDepth } from './nesting.js';
import {
  belongsOutsideMethod,
  functionName,
  headLocation,
  isFieldInitializer,
  parameterCount,
  unitKind,
  type UnitKind,
} from './function-units.js';
import { CodeRows } from './code-rows.js';
import { ROLE, typeInfo, type TypeInfo } from './node-roles.js';
import {
  endColumnOf,
  endRowOf,
  fieldChild,
  logicalParent,
  startColumnOf,
  startRowOf,
  type SyntaxNode as Node,
  textOf,
} from '../../../core/index.js';

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
  /** The walker's cognitive level when this unit opened: its own nesting is the current level minus this. */
  base: number;
}

/** What opens a measured node's unit once the parts outside it were walked. */
interface OpenUnit {
  node: Node;
  roles: number;
  kind: UnitKind | undefined;
  outsideFirst: boolean;
  fieldUnit: boolean;
}

/** What a measured node closes when its subtree is done. */
interface UnitExit {
  exit: true;
  depthOpened: boolean;
  unit: boolean;
  fieldUnit: boolean;
}

/** The walk's work list: a node to enter, a unit to open, an exit to run, or a change of the nesting level. */
type Task = Node | OpenUnit | UnitExit | number;

/** Roles whose nodes may add to cyclomatic or cognitive complexity (the rest only count as tokens). */
const CYCLOMATIC_MAYBE = ROLE.binary | ROLE.logicalAssignment | ROLE.parameter | ROLE.chainable;
const COGNITIVE_MAYBE = ROLE.cognitiveStructure | ROLE.elseClause | ROLE.jump | ROLE.binary;
const UNIT_ROLES = ROLE.staticBlock | ROLE.functionType | ROLE.arrow;
const MEASURED = ROLE.cyclomaticAlways | CYCLOMATIC_MAYBE | COGNITIVE_MAYBE | ROLE.call;
/** Roles that take a node off the walker's short path (see `visit`). */
const SPECIAL = UNIT_ROLES | MEASURED | ROLE.depthBlock | ROLE.nestedFields | ROLE.elseClause | ROLE.atomicOperand;

export class MetricsWalker {
  readonly functions: FunctionMetrics[] = [];
  readonly halstead = new HalsteadCounter();
  readonly codeRows: CodeRows;
  /** Decisions outside any unit (top-level code), for the file's cyclomatic number. */
  topLevelDecisions = 0;
  private readonly stack: Unit[] = [];
  /**
   * Cognitive nesting shared by all open units: every push and every nested body raises it by one,
   * and a unit's own nesting is this level minus the level it opened at (Unit.base). One counter
   * instead of shifting every open unit at each nested body.
   */
  private level = 0;
  /** Open units with a name a recursive call could use. */
  private namedUnits = 0;

  constructor(private readonly source: string) {
    this.codeRows = new CodeRows(source);
  }

  /**
   * Measures `root` and its subtree. Iterative on purpose: a file nested ~14,000 levels deep (ifs,
   * arrays, parentheses) overflowed the stack of a recursive walk and failed the whole analysis. Each
   * node's type is looked up once (node-roles.ts); rules whose role it lacks are not asked. Most nodes
   * have no role beyond being a token or a container, and take the short path in `enter`; the rest go
   * through `enterMeasured`, which leaves an exit frame to close what it opened.
   */
  visit(root: Node): void {
    const work: Task[] = [root];
    while (work.length > 0) {
      const task = work.pop()!;
      if (typeof task === 'number') this.level += task;
      else if ('node' in task) this.openUnit(task, work);
      else if ('exit' in task) this.exit(task);
      else this.enter(task, work);
    }
  }

  private enter(node: Node, work: Task[]): void {
    const info = typeInfo(node.type);
    const fieldUnit = node.field === 'value' && isFieldInitializer(node);
    if ((info.roles & SPECIAL) !== 0 || fieldUnit) {
      this.enterMeasured(node, info.roles, fieldUnit, work);
      return;
    }
    const children = node.children;
    if (children.length === 0) {
      this.token(node, info);
      return;
    }
    for (let i = children.length - 1; i >= 0; i--) work.push(children[i]!);
  }

  /** A leaf: a Halstead operand or operator (unless ignored), and its rows hold code unless it is a comment. */
  private token(node: Node, info: TypeInfo): void {
    const roles = info.roles;
    if ((roles & ROLE.ignoredToken) === 0) {
      if (roles & ROLE.operand) this.halstead.operand(this.source.slice(node.startIndex, node.endIndex));
      else this.halstead.operator(info.slot);
    }
    if ((roles & ROLE.comment) === 0) this.codeRows.mark(node.startIndex, node.endIndex);
  }

  /**
   * A node that opens a unit, adds complexity, opens a depth or nesting level, or is one operand with
   * its children. A method's decorators and computed key belong outside it: they are walked first, and
   * the unit opens when they are done (the OpenUnit frame).
   */
  private enterMeasured(node: Node, roles: number, fieldInitializer: boolean, work: Task[]): void {
    const fieldUnit = fieldInitializer ? this.push(node, 'class-field-initializer') : undefined;
    const kind = roles & UNIT_ROLES ? unitKind(node) : undefined;
    const outsideFirst = kind === 'function' && (roles & ROLE.method) !== 0;
    const frame: OpenUnit = { node, roles, kind, outsideFirst, fieldUnit: fieldUnit !== undefined };
    if (!outsideFirst) {
      this.openUnit(frame, work);
      return;
    }
    work.push(frame);
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) if (belongsOutsideMethod(children[i]!)) work.push(children[i]!);
  }

  private openUnit({ node, roles, kind, outsideFirst, fieldUnit }: OpenUnit, work: Task[]): void {
    const unit = kind ? this.push(node, kind) : undefined;
    const children = node.children;
    if (roles & MEASURED) this.measure(node, roles);
    if (roles & ROLE.atomicOperand) {
      this.halstead.operand(this.source.slice(node.startIndex, node.endIndex));
      this.codeRows.mark(node.startIndex, node.endIndex);
    } else if (children.length === 0) {
      this.token(node, typeInfo(node.type));
    }
    const depthOpened = (roles & ROLE.depthBlock) !== 0 && this.stack.length > 0 && opensDepth(node);
    if (depthOpened) this.openDepth();
    work.push({ exit: true, depthOpened, unit: unit !== undefined, fieldUnit });
    const nesting = roles & (ROLE.nestedFields | ROLE.elseClause);
    // Pushed last-first so they are walked in order; a nested child is bracketed by +1 / -1 of the level.
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]!;
      if (outsideFirst && belongsOutsideMethod(child)) continue;
      const nested = nesting !== 0 && isNestedChild(node, child);
      if (nested) work.push(-1, child, +1);
      else work.push(child);
    }
  }

  private exit(frame: UnitExit): void {
    if (frame.depthOpened) this.stack[this.stack.length - 1]!.depth--;
    if (frame.unit) this.pop();
    if (frame.fieldUnit) this.pop();
  }

  private measure(node: Node, roles: number): void {
    if (roles & ROLE.binary) {
      this.measureBinary(node);
      return;
    }
    const decisions = roles & ROLE.cyclomaticAlways ? 1 : roles & CYCLOMATIC_MAYBE ? cyclomaticIncrement(node) : 0;
    const stack = this.stack;
    if (decisions) {
      if (stack.length > 0) stack[stack.length - 1]!.metrics.cyclomatic += decisions;
      else this.topLevelDecisions += decisions;
    }
    if (stack.length === 0) return;
    const increment = roles & COGNITIVE_MAYBE ? cognitiveIncrement(node) : undefined;
    if (increment) for (const unit of stack) unit.metrics.cognitive += increment.amount + (increment.nested ? this.level - unit.base : 0);
    // Only a unit with a name can be called recursively: without one, no call needs its callee's text.
    if (roles & ROLE.call && this.namedUnits > 0 && this.isRecursiveCall(node)) for (const unit of stack) unit.metrics.cognitive += 1;
  }

  /**
   * binary_expression, the commonest measured node: only a logical operator counts (one decision, and
   * for cognitive one per run of like operators, counted at the outermost of the sequence). The same
   * as cyclomaticIncrement and cognitiveIncrement give, with the operator looked up once.
   */
  private measureBinary(node: Node): void {
    if (!logicalOperator(node)) return;
    const stack = this.stack;
    if (stack.length === 0) {
      this.topLevelDecisions += 1;
      return;
    }
    stack[stack.length - 1]!.metrics.cyclomatic += 1;
    if (isLogicalOperand(node)) return;
    const amount = operatorRuns(node);
    for (const unit of stack) unit.metrics.cognitive += amount;
  }

  private isRecursiveCall(call: Node): boolean {
    const callee = fieldChild(call, 'function');
    if (callee?.type !== 'identifier') return false;
    const name = textOf(callee, this.source);
    return this.stack.some((unit) => unit.selfName === name);
  }

  private push(node: Node, kind: UnitKind): Unit {
    const metrics = unitMetrics(node, kind, this.source, 1, 0, 0);
    // Every enclosing unit sees the nested one as one level deeper (the paper's lambdas and inner classes).
    this.level++;
    const unit: Unit = { metrics, selfName: kind === 'function' ? selfName(node, this.source) : undefined, depth: 0, base: this.level };
    this.stack.push(unit);
    if (unit.selfName !== undefined) this.namedUnits++;
    this.functions.push(metrics);
    return unit;
  }

  private pop(): void {
    if (this.stack.pop()!.selfName !== undefined) this.namedUnits--;
    this.level--;
  }

  private openDepth(): void {
    const unit = this.stack[this.stack.length - 1]!;
    unit.depth++;
    if (unit.depth > unit.metrics.nesting) unit.metrics.nesting = unit.depth;
  }
}

/**
 * A unit's metrics record: its name and where ESLint reports it, from its node; the three counts as
 * measured (the walker starts them at 1, 0, 0 and counts on; the addon's metrics come counted).
 */
export function unitMetrics(
  node: Node,
  kind: UnitKind,
  source: string,
  cyclomatic: number,
  cognitive: number,
  nesting: number,
): FunctionMetrics {
  const head = kind === 'function' ? headLocation(node) : { row: startRowOf(node), column: startColumnOf(node) };
  const name =
    kind === 'function' ? functionName(node, source) : kind === 'class-static-block' ? 'class static block' : 'class field initializer';
  return {
    name,
    kind,
    line: head.row + 1,
    column: head.column + 1,
    endLine: endRowOf(node) + 1,
    endColumn: Math.max(1, endColumnOf(node)),
    cyclomatic,
    cognitive,
    nesting,
    lines: endRowOf(node) - startRowOf(node) + 1,
    params: kind === 'function' ? parameterCount(node) : 0,
  };
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
