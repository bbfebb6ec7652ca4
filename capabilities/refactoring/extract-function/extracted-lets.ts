/**
 * The statements move into the new function as they were written, so a `let` that the code after the
 * range reassigned (`let nextA = iteratorA.next()`, later `nextA = …`) stays `let` inside a function
 * where nothing reassigns it — ESLint's prefer-const then fails the extraction (zustand's shallow.ts).
 * A `let` declaration of the new function whose names are all initialised and never assigned again in
 * its body becomes `const`.
 */
import { ts } from 'ts-morph';
import { isAssignedIn } from './call-site-declaration.js';

export function constForUnassignedLets(text: string, fileName: string, name: string): string {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const edits: number[] = [];
  const visitFunction = (fn: ts.FunctionLikeDeclaration): void => {
    const body = fn.body;
    if (!body) return;
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclarationList(node) && (node.flags & ts.NodeFlags.Let) !== 0 && !ts.isForStatement(node.parent)) {
        const declarations = node.declarations;
        const names = declarations.flatMap((d) => namesOf(d.name));
        const rest = text.slice(node.end, body.end);
        if (declarations.every((d) => d.initializer) && !names.some((n) => isAssignedIn(n, rest))) edits.push(node.getStart(file));
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
  };
  const find = (node: ts.Node): void => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name?.getText(file) === name) visitFunction(node);
    else ts.forEachChild(node, find);
  };
  find(file);
  return edits.reduceRight((out, start) => `${out.slice(0, start)}const${out.slice(start + 'let'.length)}`, text);
}

function namesOf(binding: ts.BindingName): string[] {
  if (ts.isIdentifier(binding)) return [binding.text];
  return binding.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : namesOf(e.name)));
}
