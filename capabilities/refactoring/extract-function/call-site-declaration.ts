/**
 * TypeScript's "Extract Symbol" declares the values it returns at the call site with `var` when the
 * range declared them with both `const` and `let` (`var { a, b } = newFunction(...)`); a reviewer's
 * linter (no-var) refuses that. The declaration becomes `let` when one of its names is assigned after
 * the call in the enclosing block, else `const`.
 */
import { ts } from 'ts-morph';

const ASSIGNMENT = (name: string): RegExp =>
  new RegExp(
    `(^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\s*(?:(?:[-+*/%&|^]|\\*\\*|<<|>>>?|\\?\\?|&&|\\|\\|)?=(?!=)|\\+\\+|--)|(?:\\+\\+|--)\\s*${name.replace(/\$/g, '\\$')}\\b`,
  );

export function withoutVarAtCallSite(text: string, fileName: string, name: string): string {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; keyword: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableStatement(node) && (node.declarationList.flags & ts.NodeFlags.BlockScoped) === 0 && callsExtracted(node, name)) {
      const names = node.declarationList.declarations.flatMap((d) => boundNames(d.name));
      const block = node.parent;
      const after = text.slice(node.end, block.end);
      const keyword = names.some((n) => ASSIGNMENT(n).test(after)) ? 'let' : 'const';
      const start = node.declarationList.getStart(file);
      edits.push({ start, end: start + 'var'.length, keyword });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return edits.reduceRight((out, e) => out.slice(0, e.start) + e.keyword + out.slice(e.end), text);
}

function callsExtracted(statement: ts.VariableStatement, name: string): boolean {
  return statement.declarationList.declarations.some((d) => {
    let init = d.initializer;
    if (init && ts.isAwaitExpression(init)) init = init.expression;
    return init !== undefined && ts.isCallExpression(init) && init.expression.getText() === name;
  });
}

function boundNames(binding: ts.BindingName): string[] {
  if (ts.isIdentifier(binding)) return [binding.text];
  return binding.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : boundNames(e.name)));
}
