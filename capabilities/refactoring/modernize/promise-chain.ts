/**
 * Reading a `.then(...).catch(...)` chain into its head and handlers, and a handler into the
 * statements it runs and the value it resolves with.
 */
type AnyNode = { type: string; [key: string]: unknown };

export interface Handler {
  kind: 'then' | 'catch';
  fn: AnyNode;
  param: AnyNode | null;
  /** The handler body without its final `return`. */
  statements: AnyNode[];
  /** What the handler resolves with (the final `return` argument or the arrow's expression); null: undefined. */
  result: AnyNode | null;
}

export interface Chain {
  head: AnyNode;
  handlers: Handler[];
}

const HANDLER_FUNCTIONS = new Set(['FunctionExpression', 'ArrowFunctionExpression']);

function stepOf(node: AnyNode): { name: string; target: AnyNode; args: AnyNode[] } | null {
  if (node.type !== 'CallExpression') return null;
  const callee = node.callee as AnyNode;
  if ((callee.type !== 'MemberExpression' && callee.type !== 'OptionalMemberExpression') || callee.computed) return null;
  const name = (callee.property as AnyNode).name as string;
  if (name !== 'then' && name !== 'catch') return null;
  return { name, target: callee.object as AnyNode, args: node.arguments as AnyNode[] };
}

/** The chain in `expression`, or a reason it is not one we convert (null: not a chain at all). */
export function readChain(expression: AnyNode): Chain | string | null {
  const handlers: Handler[] = [];
  let node = expression;
  for (let step = stepOf(node); step; step = stepOf(node)) {
    // A catch in the middle stays in the awaited head: only a final catch becomes try/catch.
    if (step.name === 'catch' && handlers.length > 0) break;
    if (step.args.length !== 1)
      return step.name === 'then' && step.args.length === 2
        ? 'a two-argument .then(onFulfilled, onRejected) is not a try/catch'
        : `.${step.name}() with ${step.args.length} arguments`;
    const handler = readHandler(step.name as 'then' | 'catch', step.args[0]!);
    if (typeof handler === 'string') return handler;
    handlers.unshift(handler);
    node = step.target;
  }
  return handlers.length === 0 ? null : { head: node, handlers };
}

function readHandler(kind: 'then' | 'catch', fn: AnyNode): Handler | string {
  if (!HANDLER_FUNCTIONS.has(fn.type)) return `the .${kind}() handler is not a function literal`;
  if (fn.generator || fn.async) return `the .${kind}() handler is async or a generator`;
  const params = fn.params as AnyNode[];
  if (params.length > 1) return `the .${kind}() handler takes ${params.length} parameters`;
  const param = params[0] ?? null;
  const body = fn.body as AnyNode;
  if (body.type !== 'BlockStatement') return { kind, fn, param, statements: [], result: body };
  const statements = [...(body.body as AnyNode[])];
  const last = statements[statements.length - 1];
  if (last?.type === 'ReturnStatement') {
    statements.pop();
    return { kind, fn, param, statements, result: (last.argument as AnyNode | null) ?? null };
  }
  return { kind, fn, param, statements, result: null };
}
