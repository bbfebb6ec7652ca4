/**
 * Environment variables the code actually reads: `process.env.NAME`, `process.env['NAME']`,
 * `import.meta.env.NAME` and destructuring `const { NAME } = process.env`, with where (first file:line).
 * Test files are left out.
 */
import ts from 'typescript';
import { toWorkspacePath } from '../ts-program/load-program.js';

export interface EnvVar {
  name: string;
  file: string;
  line: number;
  uses: number;
}

const TEST_FILE = /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$/;

function isEnvObject(node: ts.Expression): boolean {
  const text = node.getText();
  return text === 'process.env' || text === 'import.meta.env';
}

export function envVarsOf(sources: readonly ts.SourceFile[]): EnvVar[] {
  const found = new Map<string, EnvVar>();
  for (const source of sources) {
    const file = toWorkspacePath(source.fileName);
    if (TEST_FILE.test(file)) continue;
    const add = (name: string, node: ts.Node): void => {
      const known = found.get(name);
      if (known) known.uses += 1;
      else found.set(name, { name, file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, uses: 1 });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) && isEnvObject(node.expression)) add(node.name.text, node);
      else if (ts.isElementAccessExpression(node) && isEnvObject(node.expression) && ts.isStringLiteralLike(node.argumentExpression))
        add(node.argumentExpression.text, node);
      else if (
        ts.isVariableDeclaration(node) &&
        node.initializer &&
        isEnvObject(node.initializer) &&
        ts.isObjectBindingPattern(node.name)
      ) {
        for (const element of node.name.elements) {
          const key = element.propertyName ?? element.name;
          if (ts.isIdentifier(key)) add(key.text, element);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}
