/** One file under analysis: its path, text and plain syntax tree, with text and position helpers. */
import { endColumnOf, endRowOf, startColumnOf, startRowOf, type SourceRange } from '../../../../core/index.js';
import type { Node } from './tree.js';

export interface SourceFile {
  /** POSIX path relative to the workspace root. */
  path: string;
  source: string;
  root: Node;
}

export function textOf(file: SourceFile, node: Node): string {
  return file.source.slice(node.startIndex, node.endIndex);
}

export function rangeOf(node: Node): SourceRange {
  return {
    startLine: startRowOf(node) + 1,
    startColumn: startColumnOf(node) + 1,
    endLine: endRowOf(node) + 1,
    endColumn: Math.max(1, endColumnOf(node)),
  };
}

/** The value of a string literal or of a template string without substitutions; null otherwise. */
export function stringValue(file: SourceFile, node: Node): string | null {
  if (node.type === 'string') return textOf(file, node).slice(1, -1);
  if (node.type === 'template_string' && !node.children.some((c) => c.type === 'template_substitution'))
    return textOf(file, node).slice(1, -1);
  return null;
}
