/** Built-in rules about statements and literals: each mirrors the ESLint core rule of the same name with its default options. */
import { fieldChild, namedChildren, textOf, type SyntaxNode } from '../../../../core/index.js';
import { FUNCTION_TYPES } from '../../../../core/index.js';
import { tokensOf, type BuiltinRule } from './rule-context.js';

const FUNCTION_BODY_PARENTS = new Set([...FUNCTION_TYPES, 'function_signature', 'class_static_block']);
// TypeScript namespaces and module declarations have statement blocks that ESLint does not call blocks.
const NOT_BLOCKS = new Set(['internal_module', 'module', 'ambient_declaration']);
const LOOPS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);

function isEmptyBlock(node: SyntaxNode): boolean {
  return node.children.every((c) => !c.named);
}

/** The key of an object member as ESLint compares them, or undefined when it is computed or spread. */
function staticKey(member: SyntaxNode, source: string): string | undefined {
  const key = member.type === 'shorthand_property_identifier' ? member : fieldChild(member, member.type === 'pair' ? 'key' : 'name');
  if (!key) return undefined;
  const text = textOf(key, source);
  if (key.type === 'string') return text.includes('\\') ? undefined : text.slice(1, -1);
  if (key.type === 'number') return String(Number(text.replace(/_/g, '')));
  return key.type === 'property_identifier' || key.type === 'shorthand_property_identifier' ? text : undefined;
}

function accessorKind(member: SyntaxNode): 'get' | 'set' | undefined {
  if (member.type !== 'method_definition') return undefined;
  const kind = member.children.find((c) => c.type === 'get' || c.type === 'set');
  return kind?.type as 'get' | 'set' | undefined;
}

/** Does a `break`/`continue` inside a finally block leave it? (Unlabelled ones stay when a loop/switch inside the block takes them.) */
function leavesFinally(node: SyntaxNode, block: SyntaxNode): boolean {
  if (node.children.some((c) => c.type === 'statement_identifier')) return true;
  for (let p = node.parent; p && p !== block; p = p.parent) {
    if (LOOPS.has(p.type) || (node.type === 'break_statement' && p.type === 'switch_statement')) return false;
  }
  return true;
}

function unsafeInFinally(block: SyntaxNode, report: (n: SyntaxNode) => void): void {
  const stack = [...block.children];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (FUNCTION_TYPES.has(n.type) || n.type === 'class_declaration' || n.type === 'class') continue;
    if (n.type === 'return_statement' || n.type === 'throw_statement' || ((n.type === 'break_statement' || n.type === 'continue_statement') && leavesFinally(n, block))) report(n);
    stack.push(...n.children);
  }
}

export const STATEMENT_RULES: BuiltinRule[] = [
  {
    name: 'no-debugger', languages: 'all', types: ['debugger_statement'],
    check: (node, ctx) => ctx.report('no-debugger', node, "Unexpected 'debugger' statement."),
  },
  {
    name: 'no-empty', languages: 'all', types: ['statement_block', 'switch_statement'],
    check(node, ctx) {
      if (node.type === 'switch_statement') {
        const body = fieldChild(node, 'body');
        if (body && isEmptyBlock(body)) ctx.report('no-empty', node, 'Empty switch statement.');
        return;
      }
      const parent = node.parent;
      if (!parent || FUNCTION_BODY_PARENTS.has(parent.type) || NOT_BLOCKS.has(parent.type) || !isEmptyBlock(node)) return;
      ctx.report('no-empty', node, 'Empty block statement.');
    },
  },
  {
    name: 'no-dupe-keys', languages: 'javascript', types: ['object'],
    check(node, ctx) {
      const seen = new Map<string, { plain: boolean; get: boolean; set: boolean }>();
      for (const member of node.children) {
        const key = staticKey(member, ctx.source);
        if (key === undefined) continue;
        const kind = accessorKind(member);
        const entry = seen.get(key) ?? { plain: false, get: false, set: false };
        const clash = kind ? entry.plain || entry[kind] : entry.plain || entry.get || entry.set;
        if (clash) ctx.report('no-dupe-keys', member, `Duplicate key '${key}'.`);
        if (kind) entry[kind] = true;
        else entry.plain = true;
        seen.set(key, entry);
      }
    },
  },
  {
    name: 'no-duplicate-case', languages: 'all', types: ['switch_body'],
    check(node, ctx) {
      const seen = new Set<string>();
      for (const c of node.children) {
        const value = c.type === 'switch_case' ? fieldChild(c, 'value') : undefined;
        if (!value) continue;
        const tokens = tokensOf(value, ctx.source);
        if (seen.has(tokens)) ctx.report('no-duplicate-case', c, 'Duplicate case label.');
        seen.add(tokens);
      }
    },
  },
  {
    name: 'no-sparse-arrays', languages: 'all', types: ['array'],
    check(node, ctx) {
      const tokens = node.children.filter((c) => c.type !== 'comment').map((c) => c.type);
      const hole = tokens.some((t, i) => t === ',' && (tokens[i - 1] === ',' || tokens[i - 1] === '['));
      if (hole) ctx.report('no-sparse-arrays', node, 'Unexpected comma in middle of array.');
    },
  },
  {
    name: 'no-cond-assign', languages: 'all', types: ['if_statement', 'while_statement', 'do_statement', 'for_statement'],
    check(node, ctx) {
      let test = fieldChild(node, 'condition');
      if (test?.type === 'expression_statement') test = namedChildren(test)[0];
      // "except-parens": if/while/do carry their own parentheses; a second pair says the assignment is meant.
      if (test?.type === 'parenthesized_expression' && node.type !== 'for_statement') test = namedChildren(test)[0];
      if (test?.type === 'assignment_expression' || test?.type === 'augmented_assignment_expression') ctx.report('no-cond-assign', test, 'Expected a conditional expression and instead saw an assignment.');
    },
  },
  {
    name: 'no-unsafe-finally', languages: 'all', types: ['finally_clause'],
    check(node, ctx) {
      const body = fieldChild(node, 'body');
      if (body) unsafeInFinally(body, (n) => ctx.report('no-unsafe-finally', n, `Unsafe usage of ${n.type.replace('_statement', '').replace(/^./, (c) => c.toUpperCase())}Statement.`));
    },
  },
  {
    name: 'no-case-declarations', languages: 'all', types: ['switch_case', 'switch_default'],
    check(node, ctx) {
      for (const c of node.children) {
        if (c.field !== 'body') continue;
        const lexical = c.type === 'lexical_declaration' || c.type === 'function_declaration' || c.type === 'generator_function_declaration' || c.type === 'class_declaration';
        if (lexical) ctx.report('no-case-declarations', c, 'Unexpected lexical declaration in case block.');
      }
    },
  },
  {
    name: 'no-useless-catch', languages: 'all', types: ['catch_clause'],
    check(node, ctx) {
      const param = fieldChild(node, 'parameter');
      const statements = namedChildren(fieldChild(node, 'body') ?? node);
      if (param?.type !== 'identifier' || statements.length !== 1 || statements[0]!.type !== 'throw_statement') return;
      const thrown = namedChildren(statements[0]!)[0];
      if (!thrown || thrown.type !== 'identifier' || textOf(thrown, ctx.source) !== textOf(param, ctx.source)) return;
      const tryStatement = node.parent!;
      if (fieldChild(tryStatement, 'finalizer')) ctx.report('no-useless-catch', node, 'Unnecessary catch clause.');
      else ctx.report('no-useless-catch', tryStatement, 'Unnecessary try/catch wrapper.');
    },
  },
  {
    name: 'no-empty-pattern', languages: 'all', types: ['object_pattern', 'array_pattern'],
    check(node, ctx) {
      if (node.children.every((c) => !c.named)) ctx.report('no-empty-pattern', node, `Unexpected empty ${node.type === 'object_pattern' ? 'object' : 'array'} pattern.`);
    },
  },
  {
    // typescript-eslint's recommended config turns no-var on for TypeScript files; `declare` contexts are left alone.
    name: 'no-var', languages: 'typescript', types: ['variable_declaration'],
    check(node, ctx) {
      for (let p = node.parent; p; p = p.parent) if (p.type === 'ambient_declaration') return;
      ctx.report('no-var', node, 'Unexpected var, use let or const instead.');
    },
  },
];
