/** Expressions whose value depends on more than their parts: ternaries (guarded branches) and object literals (whole input objects). */
import { field, namedChildren, type Node } from '../syntax/tree.js';
import { guardsOf } from './guards.js';
import { Scope } from './scope.js';
import { applyGuards } from './statements.js';
import type { Evaluator, FnFrame } from './types.js';
import { join, type Value } from './value.js';

/** `ALLOWED.includes(to) ? to : '/'`: the condition's guards hold in the branch they select. */
export function evaluateTernary(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): Value {
  const condition = field(node, 'condition')!;
  ev.evaluate(condition, scope, frame);
  const guards = guardsOf(ev.file, condition);
  const parts: Value[] = [];
  for (const [branch, negated] of [
    [field(node, 'consequence'), false],
    [field(node, 'alternative'), true],
  ] as const) {
    if (!branch) continue;
    const inner = new Scope(scope);
    applyGuards(
      ev,
      guards.filter((g) => g.negated === negated),
      inner,
    );
    parts.push(ev.evaluate(branch, inner, frame));
  }
  return join(parts, parts[0]?.shape ?? 'unknown', true);
}

/** An object literal: a spread of a whole input object (`{ ...req.body, owner }`) leaves every key the client's. */
export function evaluateObject(ev: Evaluator, node: Node, scope: Scope, frame: FnFrame): Value {
  let whole = false;
  const parts = namedChildren(node).map((c) => {
    const value = ev.evaluate(c.type === 'pair' ? field(c, 'value')! : c, scope, frame);
    if (c.type === 'spread_element' && value.whole && value.flows.length > 0) whole = true;
    return value;
  });
  const joined = join(parts, 'object');
  return whole ? { ...joined, whole } : joined;
}
