/** Built-in rules about expressions: each mirrors the ESLint core rule of the same name with its default options. */
import { FUNCTION_VALUE_TYPES, fieldChild, namedChildren, textOf, type SyntaxNode } from '../../../../core/index.js';
import { COMPARISONS, operatorOf, type BuiltinRule } from './rule-context.js';

const unparen = (node: SyntaxNode | undefined): SyntaxNode | undefined => {
  let n = node;
  while (n?.type === 'parenthesized_expression') n = namedChildren(n)[0];
  return n;
};

/** Whether the node's text is exactly `text`, without slicing it out of the source. */
const textIs = (node: SyntaxNode, source: string, text: string): boolean =>
  node.endIndex - node.startIndex === text.length && source.startsWith(text, node.startIndex);

const isNaNRef = (node: SyntaxNode | undefined, source: string): boolean => {
  const n = unparen(node);
  if (!n) return false;
  if (textIs(n, source, 'NaN')) return true;
  // `Number . NaN` (any spacing): a node's text neither starts nor ends with spaces, so it starts and ends with N.
  return (
    n.type === 'member_expression' &&
    source.charCodeAt(n.startIndex) === 78 &&
    source.charCodeAt(n.endIndex - 1) === 78 &&
    textOf(n, source).replace(/\s/g, '') === 'Number.NaN'
  );
};

const EQUALITIES = new Set(['==', '===', '!=', '!==']);
const SELF_ASSIGNING = new Set(['=', '&&=', '||=', '??=']);
const PROTOTYPE_BUILTINS = new Set(['hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable']);
const PROTOTYPE_BUILTIN_LENGTHS = new Set([...PROTOTYPE_BUILTINS].map((name) => name.length));
/** A plain name or a dotted member chain: anything with a call or an index may have effects. */
const SIMPLE_REFERENCE = /^(this|[\p{L}_$][\p{L}\p{N}_$]*)(\s*\.\s*[\p{L}_$][\p{L}\p{N}_$]*)*$/u;

const VALID_TYPES = new Set(['symbol', 'undefined', 'object', 'boolean', 'number', 'string', 'function', 'bigint']);

function stringValue(node: SyntaxNode | undefined, source: string): string | undefined {
  if (node?.type === 'string') return textOf(node, source).slice(1, -1);
  if (node?.type === 'template_string' && !node.children.some((c) => c.type === 'template_substitution'))
    return textOf(node, source).slice(1, -1);
  return undefined;
}

const isTypeof = (node: SyntaxNode | undefined, source: string): boolean =>
  node?.type === 'unary_expression' && operatorOf(node, source) === 'typeof';

export const EXPRESSION_RULES: BuiltinRule[] = [
  {
    name: 'use-isnan',
    languages: 'all',
    types: ['binary_expression', 'switch_statement'],
    needs: ['NaN'],
    check(node, ctx) {
      if (node.type === 'switch_statement') {
        if (isNaNRef(fieldChild(node, 'value'), ctx.source))
          ctx.report('use-isnan', node, "'switch(NaN)' can never match a case clause. Use Number.isNaN instead of the switch.");
        for (const c of fieldChild(node, 'body')?.children ?? []) {
          if (c.type === 'switch_case' && isNaNRef(fieldChild(c, 'value'), ctx.source))
            ctx.report('use-isnan', c, "'case NaN' can never match. Use Number.isNaN before the switch.");
        }
        return;
      }
      if (!COMPARISONS.has(ctx.operator(node) ?? '')) return;
      if (isNaNRef(fieldChild(node, 'left'), ctx.source) || isNaNRef(fieldChild(node, 'right'), ctx.source))
        ctx.report('use-isnan', node, 'Use the isNaN function to compare with NaN.');
    },
  },
  {
    name: 'no-compare-neg-zero',
    languages: 'all',
    types: ['binary_expression'],
    check(node, ctx) {
      const op = ctx.operator(node) ?? '';
      if (!COMPARISONS.has(op)) return;
      const negZero = (n: SyntaxNode | undefined): boolean => {
        if (n?.type !== 'unary_expression' || operatorOf(n, ctx.source) !== '-') return false;
        const arg = fieldChild(n, 'argument');
        return arg?.type === 'number' && Number(textOf(arg, ctx.source).replace(/_/g, '')) === 0;
      };
      if (negZero(fieldChild(node, 'left')) || negZero(fieldChild(node, 'right')))
        ctx.report('no-compare-neg-zero', node, `Do not use the '${op}' operator to compare against -0.`);
    },
  },
  {
    name: 'valid-typeof',
    languages: 'all',
    types: ['binary_expression'],
    check(node, ctx) {
      if (!EQUALITIES.has(ctx.operator(node) ?? '')) return;
      const left = fieldChild(node, 'left');
      const right = fieldChild(node, 'right');
      for (const [a, b] of [
        [left, right],
        [right, left],
      ] as const) {
        const value = isTypeof(a, ctx.source) ? stringValue(b, ctx.source) : undefined;
        if (value !== undefined && !VALID_TYPES.has(value)) ctx.report('valid-typeof', b!, 'Invalid typeof comparison value.');
      }
    },
  },
  {
    name: 'no-unsafe-negation',
    languages: 'javascript',
    types: ['binary_expression'],
    check(node, ctx) {
      const op = ctx.operator(node);
      if (op !== 'in' && op !== 'instanceof') return;
      const left = fieldChild(node, 'left');
      if (left?.type === 'unary_expression' && operatorOf(left, ctx.source) === '!')
        ctx.report('no-unsafe-negation', left, `Unexpected negating the left operand of '${op}' operator.`);
    },
  },
  {
    name: 'no-self-assign',
    languages: 'all',
    types: ['assignment_expression', 'augmented_assignment_expression'],
    check(node, ctx) {
      const op = node.type === 'assignment_expression' ? '=' : ctx.operator(node);
      if (!SELF_ASSIGNING.has(op ?? '')) return;
      const left = fieldChild(node, 'left');
      const right = fieldChild(node, 'right');
      // Plain names and dotted member chains only; the node type is checked before the text is read.
      const simple = (n: SyntaxNode | undefined): string | undefined =>
        n && (n.type === 'identifier' || n.type === 'member_expression') && SIMPLE_REFERENCE.test(textOf(n, ctx.source))
          ? textOf(n, ctx.source).replace(/\s/g, '')
          : undefined;
      const name = simple(left);
      if (name !== undefined && name === simple(right)) ctx.report('no-self-assign', right!, `'${name}' is assigned to itself.`);
    },
  },
  {
    name: 'no-prototype-builtins',
    languages: 'all',
    types: ['call_expression'],
    needs: [...PROTOTYPE_BUILTINS],
    check(node, ctx) {
      const callee = fieldChild(node, 'function');
      if (callee?.type !== 'member_expression') return;
      const property = fieldChild(callee, 'property');
      // Only names of these lengths can be one: most calls are answered without reading the name.
      if (!property || !PROTOTYPE_BUILTIN_LENGTHS.has(property.endIndex - property.startIndex)) return;
      const name = textOf(property, ctx.source);
      if (PROTOTYPE_BUILTINS.has(name)) {
        ctx.report('no-prototype-builtins', property!, `Do not access Object.prototype method '${name}' from target object.`);
      }
    },
  },
  {
    name: 'no-async-promise-executor',
    languages: 'all',
    types: ['new_expression'],
    check(node, ctx) {
      const ctor = fieldChild(node, 'constructor');
      if (!ctor || !textIs(ctor, ctx.source, 'Promise')) return;
      const args = fieldChild(node, 'arguments');
      const executor = args ? unparen(namedChildren(args)[0]) : undefined;
      const isFunction = executor && FUNCTION_VALUE_TYPES.has(executor.type);
      const asyncKeyword = isFunction ? executor.children.find((c) => c.type === 'async') : undefined;
      if (asyncKeyword) ctx.report('no-async-promise-executor', asyncKeyword, 'Promise executor functions should not be async.');
    },
  },
];
