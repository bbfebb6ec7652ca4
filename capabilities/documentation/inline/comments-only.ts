/**
 * The check that an edit touched comments only: the file's tokens (every leaf of the syntax tree, doc
 * comments excluded) are the same before and after. documentation.inline stages a file only when this
 * holds, so its changes cannot alter what the code does.
 */
import ts from 'typescript';

export function codeTokens(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJSDoc(node)) return;
    const children = node.getChildren(source);
    if (children.length === 0) out.push(node.getText(source));
    else children.forEach(visit);
  };
  visit(source);
  return out;
}

export function onlyCommentsChanged(file: string, before: string, after: string): boolean {
  const a = codeTokens(file, before);
  const b = codeTokens(file, after);
  return a.length === b.length && a.every((token, i) => token === b[i]);
}
