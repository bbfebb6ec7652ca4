/**
 * Statements the checker reports as unreachable (after return/throw/break/continue, or after a branch
 * that always leaves), removed whole. Function declarations are hoisted and `var` names are hoisted
 * (a closure above may still assign them), so both are kept.
 */
import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import { UNREACHABLE_CODE, within, type Span } from './suggestions.js';
import { statementLineRange, type TextEdit } from './text-edits.js';

export function unreachableEdits(file: SourceFile, spans: Span[]): TextEdit[] {
  const unreachable = spans.filter((s) => s.code === UNREACHABLE_CODE);
  if (unreachable.length === 0) return [];
  const text = file.getFullText();
  const edits: TextEdit[] = [];
  file.forEachDescendant((node, traversal) => {
    if (!Node.isStatement(node) || !within(unreachable, node.getStart(), node.getEnd())) return;
    traversal.skip();
    if (Node.isFunctionDeclaration(node) || Node.isInterfaceDeclaration(node) || Node.isTypeAliasDeclaration(node)) return;
    if (Node.isVariableStatement(node) && node.getDeclarationKind() === 'var') return;
    if (node.getKind() === SyntaxKind.EmptyStatement) return;
    // Comments above the statement stay: they may describe the code before it.
    edits.push({ ...statementLineRange(text, node.getStart(), node.getEnd()), text: '' });
  });
  return edits;
}
