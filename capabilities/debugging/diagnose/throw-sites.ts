/**
 * "Why does X throw?" with no error pasted: where the function X can throw, read from its source —
 * its explicit `throw` statements, its non-null assertions (`x!.y`: a TypeError when x is missing,
 * with the optional declaration that allows it), and the places that call it. Static: nothing runs.
 */
import ts from 'typescript';
import { codeFrame } from '../explain/code-frame.js';
import type { Suspect } from './suspects.js';

export interface ThrowSites {
  declarations: { file: string; line: number; codeFrame: string }[];
  suspects: Suspect[];
}

function nameOf(node: ts.Node): string | null {
  if (
    (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) &&
    node.name &&
    (ts.isIdentifier(node.name) || ts.isPrivateIdentifier(node.name))
  )
    return node.name.text;
  if (
    ts.isVariableDeclaration(node) &&
    ts.isIdentifier(node.name) &&
    node.initializer &&
    (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
  )
    return node.name.text;
  return null;
}

function bodyOf(node: ts.Node): ts.Node | undefined {
  if (ts.isVariableDeclaration(node)) return (node.initializer as ts.ArrowFunction | ts.FunctionExpression).body;
  return (node as ts.FunctionLikeDeclaration).body;
}

export function throwSites(symbol: string, sources: Map<string, string>): ThrowSites {
  const out: ThrowSites = { declarations: [], suspects: [] };
  const call = new RegExp(`\\b${symbol.replace(/[$]/g, '\\$')}\\s*\\(`);
  for (const [file, text] of sources) {
    if (!text.includes(symbol)) continue;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
    const at = (node: ts.Node): { line: number; column: number } => {
      const lc = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      return { line: lc.line + 1, column: lc.character + 1 };
    };
    const declared: ts.Node[] = [];
    const visit = (node: ts.Node): void => {
      if (nameOf(node) === symbol) declared.push(node);
      ts.forEachChild(node, visit);
    };
    visit(sf);
    for (const decl of declared) {
      const { line } = at(decl);
      out.declarations.push({ file, line, codeFrame: codeFrame(text, line, undefined, 1) });
      const body = bodyOf(decl);
      const inBody = (node: ts.Node): void => {
        if (ts.isThrowStatement(node)) {
          const { line: l, column } = at(node);
          out.suspects.push({
            role: 'throw-site',
            file,
            line: l,
            column,
            note: `throws \`${node.expression?.getText(sf).slice(0, 100) ?? ''}\``,
            codeFrame: codeFrame(text, l, column, 1),
          });
        } else if (ts.isNonNullExpression(node)) {
          const { line: l, column } = at(node);
          out.suspects.push({
            role: 'non-null-assertion',
            file,
            line: l,
            column,
            note: `\`${node.getText(sf).slice(0, 80)}\` asserts a value that may be missing; when it is, using it throws a TypeError`,
            codeFrame: codeFrame(text, l, column, 1),
          });
        }
        // Nested functions throw when they are called, not when this one is.
        if (!ts.isFunctionLike(node) || node === body) ts.forEachChild(node, inBody);
      };
      if (body) inBody(body);
    }
  }
  // The optional members a non-null assertion reads (`order.items!` with `items?:` declared) and the callers.
  for (const s of out.suspects.filter((x) => x.role === 'non-null-assertion')) {
    const member = /\.([A-Za-z_$][\w$]*)!/.exec(s.note)?.[1];
    if (!member) continue;
    const optional = new RegExp(`\\b${member}\\?\\s*:`);
    for (const [file, text] of sources) {
      const lines = text.split(/\r?\n/);
      const i = lines.findIndex((l) => optional.test(l));
      if (i >= 0)
        out.suspects.push({
          role: 'declared-optional',
          file,
          line: i + 1,
          column: lines[i]!.search(optional) + 1,
          note: `\`${member}\` is declared optional here`,
          codeFrame: codeFrame(text, i + 1, undefined, 1),
        });
    }
  }
  for (const [file, text] of sources) {
    text.split(/\r?\n/).forEach((l, i) => {
      const m = call.exec(l);
      if (m && !out.declarations.some((d) => d.file === file && d.line === i + 1) && !/\bfunction\b/.test(l.slice(0, m.index))) {
        out.suspects.push({
          role: 'caller',
          file,
          line: i + 1,
          column: m.index + 1,
          note: `calls ${symbol}`,
          codeFrame: codeFrame(text, i + 1, m.index + 1, 1),
        });
      }
    });
  }
  return out;
}
