/**
 * smells/boolean-flag-parameter: a boolean parameter that picks the function's behaviour, i.e. it is
 * (possibly negated) the whole condition of an if or ?: in the body. Callbacks (their signature is
 * someone else's), `set` accessors and functions named set…, toggle… or use… (storing a flag is their job) are
 * not reported.
 */
import type { Finding } from '../../../core/index.js';
import {
  boundName,
  fieldChild,
  FUNCTION_TYPES,
  isFunction,
  nodesOfType,
  rangeOf,
  skipParens,
  startRowOf,
  type SyntaxNode as Node,
  textOf,
  walk,
} from '../../../core/index.js';

const EXEMPT_NAMES = /^(set|toggle|use)[A-Z_]|^(set|toggle)$/;
const PARAMETER_TYPES = new Set(['required_parameter', 'optional_parameter']);
const FUNCTION_TYPE_LIST = [...FUNCTION_TYPES];

function flagParameters(fn: Node, source: string): Node[] {
  const list = fieldChild(fn, 'parameters');
  if (!list) return [];
  return list.children.filter((p) => {
    if (!PARAMETER_TYPES.has(p.type) || fieldChild(p, 'pattern')?.type !== 'identifier') return false;
    const type = fieldChild(p, 'type');
    const typed = type !== undefined && /^:\s*boolean$/.test(textOf(type, source).trim());
    const value = fieldChild(p, 'value');
    return typed || value?.type === 'true' || value?.type === 'false';
  });
}

function isCallback(fn: Node): boolean {
  return fn.parent?.type === 'arguments';
}

function isSetter(fn: Node): boolean {
  return fn.type === 'method_definition' && fn.children.some((c) => c.type === 'set' && c.field !== 'name');
}

/** `if (flag)`, `if (!flag)`, `flag ? a : b` inside `fn` but not inside a nested function. */
function selectsBehaviour(fn: Node, name: string, source: string): Node | undefined {
  let found: Node | undefined;
  const body = fieldChild(fn, 'body');
  if (!body) return undefined;
  walk(body, (n) => {
    if (found || (n !== body && isFunction(n))) return false;
    if (n.type !== 'if_statement' && n.type !== 'ternary_expression') return undefined;
    let condition = skipParens(fieldChild(n, 'condition'));
    if (condition?.type === 'unary_expression' && textOf(condition, source).startsWith('!'))
      condition = skipParens(fieldChild(condition, 'argument'));
    if (condition?.type === 'identifier' && textOf(condition, source) === name) found = n;
    return undefined;
  });
  return found;
}

export function booleanFlagFindings(file: string, root: Node, source: string): Finding[] {
  const findings: Finding[] = [];
  // `root` is a file's root: its node index lists the functions, outer before inner.
  for (const fn of nodesOfType(root, FUNCTION_TYPE_LIST)) {
    // Most functions take no flag: look at the parameters before naming the function.
    const flags = flagParameters(fn, source);
    if (flags.length === 0 || isCallback(fn) || isSetter(fn)) continue;
    const functionName = boundName(fn, source);
    if (functionName && EXEMPT_NAMES.test(functionName)) continue;
    for (const parameter of flags) {
      const name = textOf(fieldChild(parameter, 'pattern')!, source);
      const use = selectsBehaviour(fn, name, source);
      if (!use) continue;
      findings.push({
        ruleId: 'smells/boolean-flag-parameter',
        severity: 'low',
        message: `Parameter '${name}' of ${functionName ? `'${functionName}'` : 'this function'} is a boolean flag that selects behaviour (line ${startRowOf(use) + 1}); split the function or take an options object.`,
        file,
        range: rangeOf(parameter),
        data: { parameter: name, function: functionName ?? null, usedAtLine: startRowOf(use) + 1 },
      });
    }
  }
  return findings;
}
