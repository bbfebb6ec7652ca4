/** Built-in rules about statements and literals: each mirrors the ESLint core rule of the same name with its default options. */
import { fieldChild, firstNamedChild, namedChildren, textOf, type SyntaxNode } from '../../../../core/index.js';
import { FUNCTION_TYPES } from '../../../../core/index.js';
import { tokensOf, type BuiltinRule } from './rule-context.js';

const FUNCTION_BODY_PARENTS = new Set([...FUNCTION_TYPES, 'function_signature', 'class_static_block']);
// TypeScript namespaces and module declarations have statement blocks that ESLint does not call blocks.
const NOT_BLOCKS = new Set(['internal_module', 'module', 'ambient_declaration']);
const LOOPS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);

function isEmptyBlock(node: SyntaxNode): boolean {
  const children = node.children;
  for (let i = 0; i < children.length; i++) if (children[i]!.named) return false;
  return true;
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

// What a key has been defined as so far in one object literal (no-dupe-keys), as bits.
const PLAIN = 1;
const GET = 2;
const SET = 4;

/**
 * The keys of one object literal so far, each with what it was defined as. Object literals are mostly
 * small: a list searched in order is cheaper than a Map made per object, which takes over past a few
 * dozen keys.
 */
class KeyDefinitions {
  private readonly keys: string[] = [];
  private readonly defined: number[] = [];
  private map: Map<string, number> | undefined;

  get(key: string): number {
    if (this.map) return this.map.get(key) ?? 0;
    const i = this.keys.indexOf(key);
    return i < 0 ? 0 : this.defined[i]!;
  }

  set(key: string, defined: number): void {
    if (this.map) {
      this.map.set(key, defined);
      return;
    }
    const i = this.keys.indexOf(key);
    if (i >= 0) {
      this.defined[i] = defined;
      return;
    }
    this.keys.push(key);
    this.defined.push(defined);
    if (this.keys.length > 32) this.map = new Map(this.keys.map((k, j) => [k, this.defined[j]!]));
  }
}

/** GET or SET for an accessor, 0 for any other member. */
function accessorKind(member: SyntaxNode): number {
  if (member.type !== 'method_definition') return 0;
  const kind = member.children.find((c) => c.type === 'get' || c.type === 'set');
  return kind ? (kind.type === 'get' ? GET : SET) : 0;
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
    if (
      n.type === 'return_statement' ||
      n.type === 'throw_statement' ||
      ((n.type === 'break_statement' || n.type === 'continue_statement') && leavesFinally(n, block))
    )
      report(n);
    stack.push(...n.children);
  }
}

export const STATEMENT_RULES: BuiltinRule[] = [
  {
    name: 'no-debugger',
    languages: 'all',
    types: ['debugger_statement'],
    check: (node, ctx) => ctx.report('no-debugger', node, "Unexpected 'debugger' statement."),
  },
  {
    name: 'no-empty',
    languages: 'all',
    types: ['statement_block', 'switch_statement'],
    check(node, ctx) {
      if (node.type === 'switch_statement') {
        const body = fieldChild(node, 'body');
        if (body && isEmptyBlock(body)) ctx.report('no-empty', node, 'Empty switch statement.');
        return;
      }
      // Emptiness first: most blocks have statements, and it is the cheapest question.
      const parent = node.parent;
      if (!isEmptyBlock(node) || !parent || FUNCTION_BODY_PARENTS.has(parent.type) || NOT_BLOCKS.has(parent.type)) return;
      ctx.report('no-empty', node, 'Empty block statement.');
    },
  },
  {
    name: 'no-dupe-keys',
    languages: 'javascript',
    types: ['object'],
    check(node, ctx) {
      let seen: KeyDefinitions | undefined;
      const members = node.children;
      for (let i = 0; i < members.length; i++) {
        const member = members[i]!;
        // Punctuation has no key: skipped before staticKey looks for one.
        if (!member.named) continue;
        const key = staticKey(member, ctx.source);
        if (key === undefined) continue;
        const kind = accessorKind(member);
        seen ??= new KeyDefinitions();
        const defined = seen.get(key) ?? 0;
        // A getter and a setter may share a key; anything else defined twice clashes.
        const clash = kind ? (defined & (PLAIN | kind)) !== 0 : defined !== 0;
        if (clash) ctx.report('no-dupe-keys', member, `Duplicate key '${key}'.`);
        seen.set(key, defined | (kind || PLAIN));
      }
    },
  },
  {
    name: 'no-duplicate-case',
    languages: 'all',
    types: ['switch_body'],
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
    name: 'no-sparse-arrays',
    languages: 'all',
    types: ['array'],
    check(node, ctx) {
      // A comma right after '[' or another comma, comments aside.
      let previous: string | undefined;
      const children = node.children;
      for (let i = 0; i < children.length; i++) {
        const c = children[i]!;
        if (c.type === 'comment') continue;
        if (c.type === ',' && (previous === ',' || previous === '[')) {
          ctx.report('no-sparse-arrays', node, 'Unexpected comma in middle of array.');
          return;
        }
        previous = c.type;
      }
    },
  },
  {
    name: 'no-cond-assign',
    languages: 'all',
    types: ['if_statement', 'while_statement', 'do_statement', 'for_statement'],
    check(node, ctx) {
      let test = fieldChild(node, 'condition');
      if (test?.type === 'expression_statement') test = firstNamedChild(test);
      // "except-parens": if/while/do carry their own parentheses; a second pair says the assignment is meant.
      if (test?.type === 'parenthesized_expression' && node.type !== 'for_statement') test = firstNamedChild(test);
      if (test?.type === 'assignment_expression' || test?.type === 'augmented_assignment_expression')
        ctx.report('no-cond-assign', test, 'Expected a conditional expression and instead saw an assignment.');
    },
  },
  {
    name: 'no-unsafe-finally',
    languages: 'all',
    types: ['finally_clause'],
    check(node, ctx) {
      const body = fieldChild(node, 'body');
      if (body)
        unsafeInFinally(body, (n) =>
          ctx.report(
            'no-unsafe-finally',
            n,
            `Unsafe usage of ${n.type.replace('_statement', '').replace(/^./, (c) => c.toUpperCase())}Statement.`,
          ),
        );
    },
  },
  {
    name: 'no-case-declarations',
    languages: 'all',
    types: ['switch_case', 'switch_default'],
    check(node, ctx) {
      for (const c of node.children) {
        if (c.field !== 'body') continue;
        const lexical =
          c.type === 'lexical_declaration' ||
          c.type === 'function_declaration' ||
          c.type === 'generator_function_declaration' ||
          c.type === 'class_declaration';
        if (lexical) ctx.report('no-case-declarations', c, 'Unexpected lexical declaration in case block.');
      }
    },
  },
  {
    name: 'no-useless-catch',
    languages: 'all',
    types: ['catch_clause'],
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
    name: 'no-empty-pattern',
    languages: 'all',
    types: ['object_pattern', 'array_pattern'],
    check(node, ctx) {
      if (node.children.every((c) => !c.named))
        ctx.report('no-empty-pattern', node, `Unexpected empty ${node.type === 'object_pattern' ? 'object' : 'array'} pattern.`);
    },
  },
  {
    // typescript-eslint's recommended config turns no-var on for TypeScript files; `declare` contexts are left alone.
    name: 'no-var',
    languages: 'typescript',
    types: ['variable_declaration'],
    check(node, ctx) {
      for (let p = node.parent; p; p = p.parent) if (p.type === 'ambient_declaration') return;
      ctx.report('no-var', node, 'Unexpected var, use let or const instead.');
    },
  },
];
