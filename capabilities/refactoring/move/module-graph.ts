/**
 * The project's runtime import graph (type-only imports are erased, so they cannot form a cycle that
 * matters when the program runs) and the import cycles in it (strongly connected components, Tarjan).
 */
import { ts, type Project } from 'ts-morph';
import { resolveSpecifier } from '../ts-project/module-specifiers.js';

export type ModuleGraph = Map<string, Set<string>>;

export function runtimeImportGraph(project: Project): ModuleGraph {
  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  const graph: ModuleGraph = new Map();
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || file.fileName.includes('/node_modules/')) continue;
    const edges = new Set<string>();
    for (const statement of file.statements) {
      const target = runtimeTarget(program, checker, file, statement);
      if (target) edges.add(target);
    }
    graph.set(file.fileName, edges);
  }
  return graph;
}

function runtimeTarget(program: ts.Program, checker: ts.TypeChecker, file: ts.SourceFile, statement: ts.Statement): string | undefined {
  if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) return undefined;
  if (ts.isImportDeclaration(statement) && !importsValues(checker, statement)) return undefined;
  if (ts.isExportDeclaration(statement) && statement.isTypeOnly) return undefined;
  return resolveSpecifier(program, file, (statement.moduleSpecifier as ts.StringLiteral).text);
}

/** An import the emitted JavaScript keeps: side-effect, default or namespace imports, or a named import of a value. */
function importsValues(checker: ts.TypeChecker, declaration: ts.ImportDeclaration): boolean {
  const clause = declaration.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.some((element) => {
    if (element.isTypeOnly) return false;
    const symbol = checker.getSymbolAtLocation(element.name);
    const aliased = symbol ? checker.getAliasedSymbol(symbol) : undefined;
    return !aliased || (aliased.flags & ts.SymbolFlags.Value) !== 0 || aliased.declarations === undefined;
  });
}

/** The import cycles: components of more than one module, each sorted. */
export function importCycles(graph: ModuleGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) !== indices.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return cycles;
}

/** Cycles of `after` that are not contained in a cycle of `before`. */
export function newCycles(before: string[][], after: string[][]): string[][] {
  return after.filter((cycle) => !before.some((old) => cycle.every((member) => old.includes(member))));
}
