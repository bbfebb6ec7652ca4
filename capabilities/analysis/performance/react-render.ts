/**
 * React render performance: inline object/array/function props passed to memoised components (a new
 * identity every render defeats memo), `.map()` to JSX without keys, and expensive computations
 * (sorting, chained array passes) in a component body without useMemo.
 */
import type { Finding } from '../../../core/index.js';
import {
  callArguments,
  calleeName,
  containsJsx,
  endColumnOf,
  endRowOf,
  fieldChild,
  FUNCTION_TYPES,
  isFunction,
  isJsx,
  nodesOfType,
  rangeOf,
  skipParens,
  startColumnOf,
  startRowOf,
  type SyntaxNode as Node,
  textOf,
  walk,
} from '../../../core/index.js';
import { callsNamed } from './calls-by-name.js';

const INLINE_VALUES = new Set(['object', 'array', 'arrow_function', 'function_expression', 'function']);
const ITERATION = /^(map|filter|reduce|flatMap|sort|toSorted|find|some|every|forEach)$/;
const HOOKS = /^use[A-Z]|^use$/;
const JSX_TYPES = ['jsx_element', 'jsx_self_closing_element', 'jsx_fragment'];
const JSX_OPENINGS = ['jsx_opening_element', 'jsx_self_closing_element'];
const MEMO_HOLDERS = ['variable_declarator', 'class_declaration'];
const MAY_MEMOISE = /\bmemo\b|\bPureComponent\b/;
const FUNCTIONS = [...FUNCTION_TYPES];

/** Whether the file has any JSX (what `isJsx` accepts): without it no rule here can report. */
export function hasJsx(root: Node): boolean {
  return JSX_TYPES.some((type) => nodesOfType(root, type).length > 0);
}

/** Components this file declares as memoised: `const X = memo(...)`, `React.memo`, `class X extends PureComponent`. */
export function memoisedComponents(root: Node, source: string): string[] {
  // `memo` and `PureComponent` are read from the source text: without either word, nothing is memoised.
  if (!MAY_MEMOISE.test(source)) return [];
  const names: string[] = [];
  for (const n of nodesOfType(root, MEMO_HOLDERS)) {
    if (n.type === 'variable_declarator') {
      const value = skipParens(fieldChild(n, 'value'));
      const id = fieldChild(n, 'name');
      if (
        value?.type === 'call_expression' &&
        /^(React\.)?memo$/.test(textOf(fieldChild(value, 'function')!, source)) &&
        id?.type === 'identifier'
      )
        names.push(textOf(id, source));
    }
    if (n.type === 'class_declaration') {
      const heritage = n.children.find((c) => c.type === 'class_heritage');
      if (heritage && /\bPureComponent\b/.test(textOf(heritage, source))) names.push(textOf(fieldChild(n, 'name')!, source));
    }
  }
  return names;
}

/**
 * Inline object, array and function props in one file, of any component: the findings if every
 * component were memoised. Per file (memoisable); `inlinePropFindings` keeps those of the components
 * the project does memoise, which only the whole project tells.
 */
export function inlinePropCandidates(file: string, root: Node, source: string): Finding[] {
  const findings: Finding[] = [];
  for (const element of nodesOfType(root, JSX_OPENINGS)) {
    const name = fieldChild(element, 'name');
    const component = name ? textOf(name, source) : '';
    for (const attribute of element.children.filter((c) => c.type === 'jsx_attribute')) {
      const prop = textOf(attribute.children[0]!, source);
      const value = attribute.children.find((c) => c.type === 'jsx_expression');
      const inner = skipParens(value?.children.find((c) => c.named));
      if (!inner || !INLINE_VALUES.has(inner.type) || prop === 'key' || prop === 'ref') continue;
      const what = inner.type === 'object' ? 'object' : inner.type === 'array' ? 'array' : 'function';
      findings.push({
        ruleId: 'performance/inline-jsx-prop',
        severity: 'low',
        message: `Prop '${prop}' of memoised <${component}> is an inline ${what}: a new one every render, so memo never skips a render; hoist it or wrap it in ${what === 'function' ? 'useCallback' : 'useMemo'}.`,
        file,
        range: rangeOf(attribute),
        data: { component, prop, kind: what },
      });
    }
  }
  return findings;
}

/** The candidates whose component is memoised somewhere in the project. */
export function inlinePropFindings(candidates: readonly Finding[], memoised: ReadonlySet<string>): Finding[] {
  return candidates.filter((f) => memoised.has((f.data as { component: string }).component));
}

/** What a `.map` callback renders: its expression body, or its block's returned expression. */
function renderedElements(fn: Node): Node[] {
  const body = fieldChild(fn, 'body');
  if (!body) return [];
  const results: Node[] = [];
  const collect = (expr: Node | undefined): void => {
    const e = skipParens(expr);
    if (!e) return;
    if (e.type === 'ternary_expression') return [fieldChild(e, 'consequence'), fieldChild(e, 'alternative')].forEach(collect);
    if (e.type === 'binary_expression') return collect(e.children.filter((c) => c.named)[1]);
    if (isJsx(e)) results.push(e);
  };
  if (body.type !== 'statement_block') collect(body);
  else for (const s of body.children.filter((c) => c.type === 'return_statement')) collect(s.children.find((c) => c.named));
  return results;
}

function hasKey(element: Node, source: string): boolean {
  const opening = element.type === 'jsx_element' ? element.children.find((c) => c.type === 'jsx_opening_element') : element;
  if (!opening || element.type === 'jsx_fragment') return false;
  return opening.children.some(
    (a) => (a.type === 'jsx_attribute' && textOf(a.children[0]!, source) === 'key') || a.type === 'jsx_expression',
  );
}

export function missingKeyFindings(file: string, root: Node, source: string): Finding[] {
  // Only JSX elements are reported.
  if (!hasJsx(root)) return [];
  const findings: Finding[] = [];
  for (const call of callsNamed(root, source, ['map', 'flatMap'])) {
    const callback = callArguments(call)[0];
    if (!callback || !isFunction(callback)) continue;
    for (const element of renderedElements(callback)) {
      // `<>` cannot take a key; a fragment opened as `<` + `>` has no name child.
      const opening = element.type === 'jsx_element' ? element.children.find((c) => c.type === 'jsx_opening_element') : element;
      const fragment = element.type === 'jsx_fragment' || (opening !== undefined && !fieldChild(opening, 'name'));
      if (!fragment && hasKey(element, source)) continue;
      findings.push({
        ruleId: 'performance/missing-key',
        severity: 'medium',
        message: fragment
          ? 'A fragment <>…</> rendered from .map() cannot take a key; use <Fragment key={...}>.'
          : 'An element rendered from .map() has no key: React re-creates or mismatches list items on every change; add a stable key (an id, not the index).',
        file,
        range:
          rangeOf(opening ?? element).startLine === rangeOf(opening ?? element).endLine
            ? rangeOf(opening ?? element)
            : { ...rangeOf(element), endLine: startRowOf(element) + 1, endColumn: startColumnOf(element) + 1 },
        data: {},
      });
    }
  }
  return findings;
}

/** Component functions: PascalCase-bound functions that render JSX. */
export function componentFunctions(root: Node, source: string): Node[] {
  // A component renders JSX.
  if (!hasJsx(root)) return [];
  const found: Node[] = [];
  for (const fn of nodesOfType(root, FUNCTIONS)) {
    if (fn.type === 'method_definition') continue;
    const own = fieldChild(fn, 'name');
    const declarator =
      fn.parent?.type === 'variable_declarator'
        ? fn.parent
        : fn.parent?.parent?.parent?.type === 'variable_declarator'
          ? fn.parent.parent.parent
          : undefined;
    const name = own ? textOf(own, source) : declarator ? textOf(fieldChild(declarator, 'name')!, source) : '';
    if (/^[A-Z]/.test(name) && containsJsx(fn)) found.push(fn);
  }
  return found;
}

/** Sorting, or two or more chained array passes, outside any nested function or hook call. */
function expensivePart(value: Node, source: string): Node | undefined {
  // A function (a handler) runs when called, not on every render.
  if (isFunction(value)) return undefined;
  let found: Node | undefined;
  walk(value, (n) => {
    if (found || (n !== value && isFunction(n))) return false;
    if (n.type !== 'call_expression') return undefined;
    const name = calleeName(n, source) ?? '';
    if (HOOKS.test(name)) return false;
    const inner = fieldChild(fieldChild(n, 'function') ?? n, 'object');
    const chained = inner?.type === 'call_expression' && ITERATION.test(calleeName(inner, source) ?? '') && ITERATION.test(name);
    if (name === 'sort' || name === 'toSorted' || chained) found = n;
    return undefined;
  });
  return found;
}

export function expensiveRenderFindings(file: string, root: Node, source: string): Finding[] {
  const findings: Finding[] = [];
  for (const component of componentFunctions(root, source)) {
    const body = fieldChild(component, 'body');
    if (body?.type !== 'statement_block') continue;
    for (const statement of body.children.filter((s) => s.type === 'lexical_declaration' || s.type === 'variable_declaration')) {
      for (const d of statement.children.filter((c) => c.type === 'variable_declarator')) {
        const value = fieldChild(d, 'value');
        const part = value ? expensivePart(value, source) : undefined;
        if (!part) continue;
        findings.push({
          ruleId: 'performance/missing-memoization',
          severity: 'low',
          message: `'${textOf(fieldChild(d, 'name')!, source)}' is recomputed on every render (${calleeName(part, source)}() over a list); wrap it in useMemo with its inputs as dependencies.`,
          file,
          range: {
            ...rangeOf(d),
            endLine: startRowOf(d) + 1,
            endColumn: startRowOf(d) === endRowOf(d) ? endColumnOf(d) : startColumnOf(d) + 1,
          },
          data: { name: textOf(fieldChild(d, 'name')!, source) },
        });
      }
    }
  }
  return findings;
}
