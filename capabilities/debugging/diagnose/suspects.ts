/**
 * The code involved in an error: the failing expression at the mapped location (TypeScript's parser
 * on the original source), where its value comes from (the variable's initialiser or, for a
 * parameter, the callers on the stack's path), members the project declares optional, and for names
 * that do not resolve, the project's declarations of that name or of close names.
 */
import ts from 'typescript';
import { closeMatches } from '../../../core/index.js';
import { codeFrame } from '../explain/code-frame.js';
import type { ResolvedFrame } from './resolve-frames.js';

export type SuspectRole =
  | 'failing-expression'
  | 'value-origin'
  | 'caller'
  | 'declared-optional'
  | 'declaration'
  | 'similar-name'
  | 'throw-site'
  | 'non-null-assertion'
  | 'call-target';

export interface Suspect {
  role: SuspectRole;
  file: string;
  line: number;
  column: number;
  note: string;
  codeFrame: string;
}

const DECLARATION = /\b(?:function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g;

function lineColumn(sf: ts.SourceFile, pos: number): { line: number; column: number } {
  const lc = sf.getLineAndCharacterOfPosition(pos);
  return { line: lc.line + 1, column: lc.character + 1 };
}

function suspectAt(role: SuspectRole, file: string, source: string, sf: ts.SourceFile, node: ts.Node, note: string): Suspect {
  const { line, column } = lineColumn(sf, node.getStart(sf));
  return { role, file, line, column, note, codeFrame: codeFrame(source, line, column, 1) };
}

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isNonNullExpression(e) || ts.isParenthesizedExpression(e) ? unwrap(e.expression) : e;

function rootIdentifier(e: ts.Expression): ts.Identifier | null {
  const x = unwrap(e);
  if (ts.isIdentifier(x)) return x;
  if (ts.isPropertyAccessExpression(x) || ts.isElementAccessExpression(x) || ts.isCallExpression(x)) return rootIdentifier(x.expression);
  return null;
}

/** The access `<object>.<property>` (or `<object>[...]`, or a call of it) on the frame's line closest to its column. */
function accessAt(
  sf: ts.SourceFile,
  frame: ResolvedFrame,
  property: string | null,
): ts.PropertyAccessExpression | ts.ElementAccessExpression | null {
  const lineStart = sf.getPositionOfLineAndCharacter(frame.line - 1, 0);
  const lineEnd = frame.line < sf.getLineStarts().length ? sf.getPositionOfLineAndCharacter(frame.line, 0) : sf.end;
  const target = lineStart + frame.column - 1;
  let best: { node: ts.PropertyAccessExpression | ts.ElementAccessExpression; distance: number } | null = null;
  const visit = (node: ts.Node): void => {
    if (node.end < lineStart || node.getStart(sf) > lineEnd) return;
    if (
      (ts.isPropertyAccessExpression(node) && (!property || node.name.text === property)) ||
      (ts.isElementAccessExpression(node) && !property)
    ) {
      const at = ts.isPropertyAccessExpression(node) ? node.name.getStart(sf) : node.argumentExpression.getStart(sf);
      if (at >= lineStart && at < lineEnd) {
        const distance = Math.abs(at - target);
        if (!best || distance < best.distance) best = { node, distance };
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return best ? (best as { node: ts.PropertyAccessExpression | ts.ElementAccessExpression }).node : null;
}

/** The parameter or variable `name` visible at `at`: the nearest enclosing declaration before it. */
function declarationOf(
  sf: ts.SourceFile,
  at: ts.Node,
  name: string,
): { kind: 'parameter'; node: ts.ParameterDeclaration; fn: string } | { kind: 'variable'; node: ts.VariableDeclaration } | null {
  for (let scope: ts.Node | undefined = at.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      const param = scope.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
      if (param)
        return {
          kind: 'parameter',
          node: param,
          fn: scope.name && ts.isIdentifier(scope.name) ? scope.name.text : 'an anonymous function',
        };
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      let found: ts.VariableDeclaration | null = null;
      const look = (node: ts.Node): void => {
        if (node.getStart(sf) > at.getStart(sf)) return;
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) found = node;
        if (!ts.isFunctionLike(node)) ts.forEachChild(node, look);
      };
      for (const statement of scope.statements) look(statement);
      if (found) return { kind: 'variable', node: found };
    }
  }
  return null;
}

/** Suspects for reading `property` of undefined/null (property null: any access on the line). */
export function nullAccessSuspects(
  frame: ResolvedFrame,
  property: string | null,
  callers: ResolvedFrame[],
  sources: Map<string, string>,
): Suspect[] {
  if (!frame.source) return [];
  const source = frame.source;
  const sf = ts.createSourceFile(frame.file, source, ts.ScriptTarget.Latest, true);
  const access = accessAt(sf, frame, property);
  if (!access) return [];
  const object = unwrap(access.expression);
  const out: Suspect[] = [
    suspectAt('failing-expression', frame.file, source, sf, object, `\`${object.getText(sf)}\` is undefined or null here`),
  ];
  const root = rootIdentifier(object);
  const declared = root ? declarationOf(sf, access, root.text) : null;
  if (declared?.kind === 'variable') {
    const init = declared.node.initializer;
    out.push(
      suspectAt(
        'value-origin',
        frame.file,
        source,
        sf,
        declared.node,
        init
          ? `\`${root!.text}\` is set from \`${init.getText(sf).slice(0, 80)}\`, which can give undefined`
          : `\`${root!.text}\` is declared without a value`,
      ),
    );
  } else if (declared?.kind === 'parameter') {
    out.push(
      suspectAt(
        'value-origin',
        frame.file,
        source,
        sf,
        declared.node,
        `\`${root!.text}\` is a parameter of ${declared.fn}: the value comes from its callers`,
      ),
    );
    for (const caller of callers.slice(0, 3)) {
      if (!caller.source) continue;
      out.push({
        role: 'caller',
        file: caller.file,
        line: caller.line,
        column: caller.column,
        note: `called from ${caller.fn ?? 'here'} (${caller.file}:${caller.line})`,
        codeFrame: codeFrame(caller.source, caller.line, caller.column, 1),
      });
    }
  }
  // `order.items` undefined: a type that declares `items?:` says where the absence is allowed.
  if (ts.isPropertyAccessExpression(object)) {
    const member = object.name.text;
    const optional = new RegExp(`\\b${member}\\?\\s*:`);
    for (const [file, text] of sources) {
      const lines = text.split(/\r?\n/);
      const i = lines.findIndex((l) => optional.test(l));
      if (i >= 0)
        out.push({
          role: 'declared-optional',
          file,
          line: i + 1,
          column: lines[i]!.search(optional) + 1,
          note: `\`${member}\` is declared optional here`,
          codeFrame: codeFrame(text, i + 1, undefined, 1),
        });
    }
  }
  return out;
}

/** Suspects for a name that is not defined / not a function / not exported: its declarations in the project, or close names. */
export function nameSuspects(name: string, sources: Map<string, string>, max = 5): Suspect[] {
  const bare = name.split('.').pop()!;
  const declared = new Map<string, { file: string; line: number; column: number; text: string }>();
  const exact: Suspect[] = [];
  for (const [file, text] of sources) {
    const lines = text.split(/\r?\n/);
    lines.forEach((l, i) => {
      for (const m of l.matchAll(DECLARATION)) {
        const id = m[1]!;
        if (id === bare && exact.length < max) {
          exact.push({
            role: 'declaration',
            file,
            line: i + 1,
            column: (m.index ?? 0) + 1,
            note: `\`${id}\` is declared here${/\bexport\b/.test(l) ? ' (exported)' : ' (not exported)'}`,
            codeFrame: codeFrame(text, i + 1, undefined, 1),
          });
        }
        if (!declared.has(id)) declared.set(id, { file, line: i + 1, column: (m.index ?? 0) + 1, text });
      }
    });
  }
  if (exact.length > 0) return exact;
  return closeMatches(bare, declared.keys(), 3).map((close) => {
    const d = declared.get(close)!;
    return {
      role: 'similar-name',
      file: d.file,
      line: d.line,
      column: d.column,
      note: `no \`${bare}\` in the project; did you mean \`${close}\`?`,
      codeFrame: codeFrame(d.text, d.line, undefined, 1),
    };
  });
}
