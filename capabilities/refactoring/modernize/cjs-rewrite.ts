/** Rewriting one analysed CommonJS file into an ES module (its imports resolved by the caller). */
import type { Collection, JSCodeshift } from 'jscodeshift';
import type { CjsModule, RequireSite } from './cjs-analyse.js';

type AnyNode = { type: string; [key: string]: unknown };
type Builder = ((...args: unknown[]) => AnyNode) & { from?: (fields: Record<string, unknown>) => AnyNode };
type Builders = Record<string, Builder>;

/** How one require becomes an import: its new specifier and whether the target has named exports. */
export interface ImportPlan {
  site: RequireSite;
  specifier: string;
  /** 'default': `import x from`; 'namespace': `import * as x from`; names become `import { a, b as c }`. */
  style: 'default' | 'namespace';
}

export function rewriteCjs(j: JSCodeshift, root: Collection, module: CjsModule, plans: ImportPlan[]): void {
  const b = j as unknown as Builders;
  const program = root.find(j.Program).get().node as AnyNode;
  const replacements = new Map<AnyNode, AnyNode[]>();
  for (const plan of plans) replacements.set(plan.site.statement, [importFor(b, plan)]);
  exportStatements(b, module, replacements);
  const body: AnyNode[] = [];
  for (const statement of program.body as AnyNode[]) {
    // Modules are always strict: the directive is redundant (babel keeps it as a statement).
    if (statement.type === 'ExpressionStatement' && statement.directive === 'use strict') continue;
    body.push(...(replacements.get(statement) ?? [statement]));
  }
  if (module.usesDirname) body.splice(lastImportIndex(body) + 1, 0, ...dirnameDeclarations(b));
  program.body = body;
  program.directives = ((program.directives as AnyNode[] | undefined) ?? []).filter(
    (d) => ((d.value as AnyNode)?.value as string) !== 'use strict',
  );
}

function importFor(b: Builders, plan: ImportPlan): AnyNode {
  const source = b.stringLiteral!(plan.specifier);
  const binding = plan.site.binding;
  if (!binding) return b.importDeclaration!([], source);
  if (binding.kind === 'names') {
    return b.importDeclaration!(
      binding.pairs.map((p) => b.importSpecifier!(b.identifier!(p.imported), b.identifier!(p.local))),
      source,
    );
  }
  const local = b.identifier!(binding.name);
  return b.importDeclaration!([plan.style === 'default' ? b.importDefaultSpecifier!(local) : b.importNamespaceSpecifier!(local)], source);
}

function exportStatements(b: Builders, module: CjsModule, replacements: Map<AnyNode, AnyNode[]>): void {
  const shape = module.exports;
  if (shape.kind === 'default') {
    const right = (shape.statement.expression as AnyNode).right;
    replacements.set(shape.statement, [b.exportDefaultDeclaration!(right)]);
  } else if (shape.kind === 'named' && shape.objectStatement) {
    const specifiers = shape.names.map((n) =>
      b.exportSpecifier!.from!({ local: b.identifier!(n.value.name), exported: b.identifier!(n.exported) }),
    );
    replacements.set(shape.objectStatement, [b.exportNamedDeclaration!(null, specifiers)]);
  } else if (shape.kind === 'named') {
    for (const entry of shape.names) {
      const exported = b.identifier!(entry.exported);
      const statement =
        entry.value.type === 'Identifier'
          ? b.exportNamedDeclaration!(null, [b.exportSpecifier!.from!({ local: b.identifier!(entry.value.name), exported })])
          : b.exportNamedDeclaration!(b.variableDeclaration!('const', [b.variableDeclarator!(exported, entry.value)]));
      replacements.set(entry.statement, [statement]);
    }
  }
}

function lastImportIndex(body: AnyNode[]): number {
  let index = -1;
  body.forEach((s, i) => {
    if (s.type === 'ImportDeclaration') index = i;
  });
  return index;
}

/** `import.meta.dirname`/`filename` (Node >= 20.11) stand in for the CommonJS wrapper's variables. */
function dirnameDeclarations(b: Builders): AnyNode[] {
  const meta = (property: string): AnyNode =>
    b.memberExpression!(b.metaProperty!(b.identifier!('import'), b.identifier!('meta')), b.identifier!(property));
  return [
    b.variableDeclaration!('const', [b.variableDeclarator!(b.identifier!('__filename'), meta('filename'))]),
    b.variableDeclaration!('const', [b.variableDeclarator!(b.identifier!('__dirname'), meta('dirname'))]),
  ];
}
