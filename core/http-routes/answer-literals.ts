/**
 * The shape of the JSON a handler answers with when it writes it out: the object or array literal
 * passed to `res.json({...})` / `res.status(201).json({...})` / `reply.send({...})` /
 * `reply.code(404).send({...})`, a local `const x = {...}` passed the same way, and (Fastify) the
 * literal an async handler returns. Each value is typed only as far as its expression says (a string
 * or template is a string, a comparison a boolean, `req.params.x` a string, `.length` an integer,
 * `Date#toISOString()` a date-time string); anything else is left open (`{}`), never guessed.
 */
import type { Node } from './literals.js';

type Schema = Record<string, unknown>;

const ANSWERER = /^(?:res|response|reply|ctx\.response)$/;
const PARSED = /^(?:req|request)\.(?:params|query|headers)\.[\w$]+$/;

function walk(node: Node, visit: (n: Node) => boolean | void): void {
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (visit(n) === false) continue;
    for (let i = n.namedChildCount - 1; i >= 0; i -= 1) stack.push(n.namedChild(i)!);
  }
}

/** A JSON Schema for what an expression evaluates to, as far as its form says. */
export function schemaOfExpression(node: Node, locals: (name: string) => Node | null, depth = 0): Schema {
  if (depth > 6) return {};
  const inner = (n: Node): Schema => schemaOfExpression(n, locals, depth + 1);
  switch (node.type) {
    case 'string':
    case 'template_string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'true':
    case 'false':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'parenthesized_expression':
    case 'as_expression':
    case 'satisfies_expression':
    case 'non_null_expression':
      return inner(node.namedChild(0)!);
    case 'identifier': {
      const local = locals(node.text);
      return local ? inner(local) : {};
    }
    case 'array': {
      const items = node.namedChildren.filter((c) => c.type !== 'comment');
      if (items.some((i) => i.type === 'spread_element')) return { type: 'array' };
      const schemas = [...new Set(items.map((i) => JSON.stringify(inner(i))))];
      return schemas.length === 1 ? { type: 'array', items: JSON.parse(schemas[0]!) as Schema } : { type: 'array' };
    }
    case 'object': {
      const properties: Record<string, Schema> = {};
      for (const entry of node.namedChildren) {
        if (entry.type === 'shorthand_property_identifier') properties[entry.text] = locals(entry.text) ? inner(entry) : {};
        if (entry.type !== 'pair') continue;
        const key = entry.childForFieldName('key')!;
        const name = key.type === 'string' ? key.text.slice(1, -1) : key.type === 'property_identifier' ? key.text : null;
        if (name !== null) properties[name] = inner(entry.childForFieldName('value')!);
      }
      // A spread adds fields we do not list; the object stays open (no additionalProperties: false).
      const names = Object.keys(properties);
      return { type: 'object', properties, ...(names.length > 0 ? { required: names } : {}) };
    }
    case 'binary_expression': {
      const op = node.childForFieldName('operator')!.text;
      if (/^(===|!==|==|!=|<|>|<=|>=|instanceof|in)$/.test(op)) return { type: 'boolean' };
      if (/^(-|\*|\/|%|\*\*)$/.test(op)) return { type: 'number' };
      if (op === '+') {
        const [l, r] = [inner(node.childForFieldName('left')!), inner(node.childForFieldName('right')!)];
        if (l.type === 'string' || r.type === 'string') return { type: 'string' };
        if (l.type === 'number' && r.type === 'number') return { type: 'number' };
      }
      return {};
    }
    case 'update_expression':
      return { type: 'number' };
    case 'unary_expression': {
      const op = node.childForFieldName('operator')!.text;
      return op === '!' ? { type: 'boolean' } : op === 'typeof' ? { type: 'string' } : op === '-' || op === '+' ? { type: 'number' } : {};
    }
    case 'member_expression':
      if (PARSED.test(node.text)) return { type: 'string' };
      if (node.childForFieldName('property')?.text === 'length') return { type: 'integer' };
      return {};
    case 'call_expression': {
      const callee = node.childForFieldName('function')!.text;
      if (callee === 'String' || /\.(toISOString|toString|toFixed|join|trim|toUpperCase|toLowerCase)$/.test(callee))
        return /toISOString$/.test(callee) ? { type: 'string', format: 'date-time' } : { type: 'string' };
      if (callee === 'Number' || callee === 'Date.now' || callee === 'parseInt' || callee === 'parseFloat') return { type: 'number' };
      if (callee === 'Boolean' || callee === 'Array.isArray' || /\.(includes|has|some|every)$/.test(callee)) return { type: 'boolean' };
      return {};
    }
    default:
      return {};
  }
}

/** `const name = <value>` declared in the handler (the last one before use is not tracked: the only one, or none). */
function localsOf(handler: Node): (name: string) => Node | null {
  const found = new Map<string, Node | null>();
  walk(handler, (n) => {
    if (n.type !== 'variable_declarator') return;
    const name = n.childForFieldName('name');
    const value = n.childForFieldName('value');
    if (name?.type !== 'identifier' || !value) return;
    found.set(name.text, found.has(name.text) ? null : value);
  });
  return (name) => found.get(name) ?? null;
}

/** The status a `x.status(201).json(…)` / `x.code(404).send(…)` chain sets, 200 when none. */
function statusOf(answerer: Node): number | null {
  if (answerer.type === 'call_expression') {
    const fn = answerer.childForFieldName('function');
    const code = answerer.childForFieldName('arguments')?.namedChild(0);
    if (fn?.type === 'member_expression' && /^(status|code)$/.test(fn.childForFieldName('property')!.text) && code?.type === 'number')
      return ANSWERER.test(fn.childForFieldName('object')!.text) ? Number(code.text) : null;
    return null;
  }
  return ANSWERER.test(answerer.text) ? 200 : null;
}

/**
 * The JSON answers a handler writes as literals, by status: one schema, or `anyOf` when the handler
 * answers the same status with differently shaped literals. Only literals (or a local bound to one)
 * count; `res.json(found)` of a computed value says nothing.
 */
export function literalAnswersOf(handler: Node, framework: 'express' | 'fastify'): Record<string, Schema> {
  const locals = localsOf(handler);
  const byStatus = new Map<number, Schema[]>();
  const add = (status: number, value: Node): void => {
    const target = value.type === 'identifier' ? locals(value.text) : value;
    if (!target || !/^(object|array)$/.test(target.type)) return;
    byStatus.set(status, [...(byStatus.get(status) ?? []), schemaOfExpression(target, locals)]);
  };
  walk(handler, (n) => {
    if (n.type !== 'call_expression') return;
    const fn = n.childForFieldName('function');
    const arg = n.childForFieldName('arguments')?.namedChild(0);
    if (fn?.type !== 'member_expression' || !arg) return;
    const method = fn.childForFieldName('property')!.text;
    if (method !== 'json' && !(method === 'send' && framework === 'fastify')) return;
    const status = statusOf(fn.childForFieldName('object')!);
    if (status !== null) add(status, arg);
  });
  if (framework === 'fastify' && /^(arrow_function|function_expression|function)$/.test(handler.type)) {
    // What the handler itself returns (not its nested callbacks): Fastify serializes it with the status set, 200 by default.
    const body = handler.childForFieldName('body');
    const set = [...handler.text.matchAll(/\b(?:reply|res)\.(?:code|status)\(\s*(\d{3})\s*\)\s*;/g)].map((m) => Number(m[1]));
    const status = set.length === 1 ? set[0]! : set.length === 0 ? 200 : null;
    if (body && body.type !== 'statement_block') {
      if (status !== null) add(status, body.type === 'parenthesized_expression' ? body.namedChild(0)! : body);
    } else if (body && status !== null)
      walk(body, (n) => {
        if (/^(arrow_function|function_expression|function_declaration|method_definition)$/.test(n.type)) return false;
        if (n.type === 'return_statement' && n.namedChild(0)) add(status, n.namedChild(0)!);
        return true;
      });
  }
  const out: Record<string, Schema> = {};
  for (const [status, schemas] of [...byStatus.entries()].sort(([a], [b]) => a - b)) {
    const distinct = [...new Set(schemas.map((s) => JSON.stringify(s)))].map((s) => JSON.parse(s) as Schema);
    out[String(status)] = distinct.length === 1 ? distinct[0]! : { anyOf: distinct };
  }
  return out;
}
