/** Walking a function's own body: nodes that belong to it, not to functions nested inside it. */
type AnyNode = { type: string; [key: string]: unknown };

export const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as AnyNode).type === 'string';
}

// Type annotations name types, not variables: skipped so a type and a value of one name never clash.
const SKIP_KEYS = new Set([
  'typeAnnotation',
  'returnType',
  'typeParameters',
  'typeArguments',
  'superTypeParameters',
  'loc',
  'start',
  'end',
  'comments',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'extra',
  'tokens',
  'original',
]);

/** Calls `visit` for every node under `root` (root included), not descending into nested functions. */
export function walkOwn(root: AnyNode, visit: (node: AnyNode) => void, descendFunctions = false): void {
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    if (node !== root && !descendFunctions && FUNCTION_TYPES.has(node.type)) continue;
    for (const key of Object.keys(node)) {
      if (SKIP_KEYS.has(key)) continue;
      const value = node[key];
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) stack.push(item);
      if (isNode(value)) stack.push(value);
    }
  }
}

/** Every node under `root` of one of `types`, not inside nested functions. */
export function ownNodes(root: AnyNode, types: Set<string>): AnyNode[] {
  const found: AnyNode[] = [];
  walkOwn(root, (node) => {
    if (node !== root && types.has(node.type)) found.push(node);
  });
  return found;
}

/** Nodes whose identifier child is a name, not a variable: `o.name`, `{ name: v }`, `class { name() {} }`. */
function propertyNames(node: AnyNode): AnyNode[] {
  if (node.computed) return [];
  if (node.type === 'MemberExpression' || node.type === 'OptionalMemberExpression' || node.type === 'JSXMemberExpression')
    return [node.property as AnyNode];
  if (
    ['ObjectProperty', 'Property', 'ObjectMethod', 'ClassMethod', 'ClassProperty', 'MethodDefinition'].includes(node.type) &&
    !node.shorthand
  )
    return [node.key as AnyNode];
  if (node.type === 'JSXAttribute') return [node.name as AnyNode];
  return [];
}

/**
 * Every variable-like identifier name used under `root`, nested functions included (property names
 * after a dot and object keys are not variables and are left out). With `shadowed`, subtrees of
 * functions and catch clauses that declare that name themselves are not looked into.
 */
export function identifierNames(root: AnyNode, shadowed?: string): string[] {
  const names: string[] = [];
  const skip = new Set<AnyNode>();
  walkOwn(
    root,
    (node) => {
      if (skip.has(node)) return;
      propertyNames(node).forEach((n) => skip.add(n));
      if (shadowed && node !== root && declaresParam(node, shadowed)) {
        markSubtree(node, skip);
        return;
      }
      if (node.type === 'Identifier' || node.type === 'JSXIdentifier') names.push(node.name as string);
    },
    true,
  );
  return names;
}

function declaresParam(node: AnyNode, name: string): boolean {
  if (FUNCTION_TYPES.has(node.type)) return (node.params as AnyNode[]).some((p) => bindingNames(p).includes(name));
  if (node.type === 'CatchClause') return bindingNames(node.param as AnyNode | null).includes(name);
  return false;
}

function markSubtree(node: AnyNode, skip: Set<AnyNode>): void {
  walkOwn(node, (inner) => void skip.add(inner), true);
}

/** Names a list of statements declares at its own level (var/let/const/function/class). */
export function declaredNames(statements: AnyNode[]): string[] {
  const names: string[] = [];
  for (const statement of statements) {
    if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations as AnyNode[]) names.push(...bindingNames(d.id as AnyNode));
    } else if ((statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') && statement.id) {
      names.push((statement.id as AnyNode).name as string);
    }
  }
  // `var` inside nested blocks is function-scoped too.
  for (const statement of statements) {
    walkOwn(statement, (node) => {
      if (node.type === 'VariableDeclaration' && node.kind === 'var' && node !== statement) {
        for (const d of node.declarations as AnyNode[]) names.push(...bindingNames(d.id as AnyNode));
      }
    });
  }
  return names;
}

export function bindingNames(pattern: AnyNode | null | undefined): string[] {
  const names: string[] = [];
  if (pattern)
    walkOwn(pattern, (node) => {
      if (node.type === 'Identifier') names.push(node.name as string);
    });
  return names;
}
