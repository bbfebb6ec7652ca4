/**
 * TypeScript's "Extract Symbol" declares the values it returns at the call site with `var` when the
 * range declared them with both `const` and `let` (`var { a, b } = newFunction(...)`); a reviewer's
 * linter (no-var) refuses that. The declaration becomes `let` when its names are assigned after the
 * call in the enclosing block, else `const`. When some are and some are not, one `let { a, b }` would
 * fail prefer-const (its default `destructuring: "any"`), so the result is kept in a constant and
 * destructured twice: `const fResult = f(…)`, `const { b } = fResult`, `let { a } = fResult`.
 */
import { ts } from 'ts-morph';

const ASSIGNMENT = (name: string): RegExp =>
  new RegExp(
    `(^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\s*(?:(?:[-+*/%&|^]|\\*\\*|<<|>>>?|\\?\\?|&&|\\|\\|)?=(?!=)|\\+\\+|--)|(?:\\+\\+|--)\\s*${name.replace(/\$/g, '\\$')}\\b`,
  );

/** True when `text` assigns `name` (`=`, a compound assignment, `++`/`--`). */
export function isAssignedIn(name: string, text: string): boolean {
  return ASSIGNMENT(name).test(text);
}

export function withoutVarAtCallSite(text: string, fileName: string, name: string): string {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableStatement(node) && (node.declarationList.flags & ts.NodeFlags.BlockScoped) === 0 && callsExtracted(node, name)) {
      const names = node.declarationList.declarations.flatMap((d) => boundNames(d.name));
      const block = node.parent;
      const after = text.slice(node.end, block.end);
      const assigned = names.filter((n) => ASSIGNMENT(n).test(after));
      const split = assigned.length > 0 && assigned.length < names.length ? splitDeclaration(node, file, text, name, assigned) : null;
      if (split) edits.push(split);
      else {
        const start = node.declarationList.getStart(file);
        edits.push({ start, end: start + 'var'.length, text: assigned.length > 0 ? 'let' : 'const' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return edits.reduceRight((out, e) => out.slice(0, e.start) + e.text + out.slice(e.end), text);
}

/** `var { a, b } = f(…)` with only `a` assigned later → a constant result destructured by `const` and by `let`. */
function splitDeclaration(
  statement: ts.VariableStatement,
  file: ts.SourceFile,
  text: string,
  name: string,
  assigned: string[],
): { start: number; end: number; text: string } | null {
  const [declaration, ...more] = statement.declarationList.declarations;
  if (!declaration || more.length > 0 || !ts.isObjectBindingPattern(declaration.name) || !declaration.initializer) return null;
  const elements = declaration.name.elements;
  if (elements.some((e) => e.dotDotDotToken || e.initializer || !ts.isIdentifier(e.name))) return null;
  const start = statement.getStart(file);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indent = text.slice(lineStart, start);
  const semi = statement.getText(file).trimEnd().endsWith(';') ? ';' : '';
  let result = `${name}Result`;
  for (let i = 2; new RegExp(`(^|[^\\w$])${result.replace(/\$/g, '\\$')}([^\\w$]|$)`).test(text); i += 1) result = `${name}Result${i}`;
  const part = (keyword: string, keep: (n: string) => boolean): string =>
    `${keyword} { ${elements
      .filter((e) => keep((e.name as ts.Identifier).text))
      .map((e) => e.getText(file))
      .join(', ')} } = ${result}${semi}`;
  const lines = [
    `const ${result} = ${declaration.initializer.getText(file)}${semi}`,
    part('const', (n) => !assigned.includes(n)),
    part('let', (n) => assigned.includes(n)),
  ];
  return { start, end: statement.getEnd(), text: lines.join(`\n${indent}`) };
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
