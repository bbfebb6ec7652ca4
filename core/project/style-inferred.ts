/**
 * Code style inferred from a sample of the project's own source files: string quotes and statement
 * semicolons are counted on tree-sitter trees (so comments, JSX attributes and template strings do
 * not skew them), indentation from the step between consecutive lines. The samples are parsed through
 * the thread's parse cache (the analyses that read the project next find them parsed); their plain
 * trees are not kept.
 */
import path from 'node:path';
import { parseCachedFirst } from '../parsing/cached-parse.js';
import { languageForPath } from '../parsing/languages.js';
import { nodesOfType } from '../syntax/node-index.js';
import { syntaxTreeOf, withYoungTree, type SyntaxNode } from '../syntax/plain-tree.js';
import type { ProjectFiles } from './project-files.js';
import type { PartialStyle, StyleFinding } from './style-types.js';

const SAMPLE_SIZE = 25;
// Declarations, build output, vendored code and tool config files (`*.config.js`, dotfiles) are
// often written in someone else's style.
const NOT_PROJECT_STYLE = /\.d\.ts$|(^|\/)(dist|build|vendor)\/|(^|\/)[^/]+\.config\.[^/]+$|(^|\/)\.[^/]+$/;
const MAX_SAMPLE_CHARS = 60_000;

// Statements that take a terminating semicolon (declarations of functions/classes do not).
const TERMINATED = [
  'expression_statement',
  'lexical_declaration',
  'variable_declaration',
  'return_statement',
  'import_statement',
  'throw_statement',
  'break_statement',
  'continue_statement',
  'type_alias_declaration',
];

interface Tally {
  single: number;
  double: number;
  withSemi: number;
  withoutSemi: number;
  tabs: number;
  steps: Map<number, number>;
}

function countQuotes(strings: readonly SyntaxNode[], source: string, tally: Tally): void {
  for (const node of strings) {
    // JSX attributes are conventionally double-quoted whatever the code style says.
    if (node.parent?.type === 'jsx_attribute') continue;
    const quote = source[node.startIndex];
    if (quote === "'") tally.single += 1;
    else if (quote === '"') tally.double += 1;
  }
}

function countSemicolons(statements: readonly SyntaxNode[], tally: Tally): void {
  for (const node of statements) {
    // A `for (let i = 0; ...)` header holds declarations that are not statements of their own.
    if (node.parent?.type === 'for_statement' || node.parent?.type === 'for_in_statement') continue;
    if (node.children[node.children.length - 1]?.type === ';') tally.withSemi += 1;
    else tally.withoutSemi += 1;
  }
}

function countIndentation(source: string, tally: Tally): void {
  let previous = 0;
  for (const line of source.split('\n')) {
    if (line.trim() === '' || /^\s*\*/.test(line)) continue;
    if (line.startsWith('\t')) {
      tally.tabs += 1;
      continue;
    }
    const width = line.length - line.trimStart().length;
    const step = width - previous;
    if (step >= 2 && step <= 8) tally.steps.set(step, (tally.steps.get(step) ?? 0) + 1);
    previous = width;
  }
}

function sampleFiles(files: ProjectFiles): string[] {
  const sources = files.files.filter((file) => languageForPath(file) !== null && !NOT_PROJECT_STYLE.test(file));
  // Spread the sample over the project rather than taking one folder's files.
  const stride = Math.max(1, Math.floor(sources.length / SAMPLE_SIZE));
  return sources.filter((_, index) => index % stride === 0).slice(0, SAMPLE_SIZE);
}

function verdict(tally: Tally): PartialStyle {
  const style: PartialStyle = {};
  if (tally.single + tally.double > 0) style.quotes = tally.single > tally.double ? 'single' : 'double';
  if (tally.withSemi + tally.withoutSemi > 0) style.semicolons = tally.withSemi >= tally.withoutSemi;
  const spaced = [...tally.steps.values()].reduce((sum, count) => sum + count, 0);
  if (tally.tabs > spaced) style.indentStyle = 'tab';
  else if (spaced > 0) {
    const [size] = [...tally.steps].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
    Object.assign(style, { indentStyle: 'space', indentSize: size });
  }
  return style;
}

export async function inferredStyle(files: ProjectFiles): Promise<StyleFinding> {
  const tally: Tally = { single: 0, double: 0, withSemi: 0, withoutSemi: 0, tabs: 0, steps: new Map() };
  const samples: { file: string; source: string; cacheKey: string }[] = [];
  let budget = MAX_SAMPLE_CHARS * SAMPLE_SIZE;
  // Read together: a scan detects the project while its main thread is busy, and each read in turn
  // waited for a turn of it.
  const sampled = sampleFiles(files);
  const texts = await Promise.all(sampled.map((file) => files.read(file)));
  sampled.forEach((file, i) => {
    const whole = texts[i];
    if (budget <= 0 || !whole) return;
    // A larger file is sampled in part, parsed apart from the analyses' parse of it (under a key of
    // its own: cached under the file's, the part would replace the whole file's parse).
    const part = whole.length > MAX_SAMPLE_CHARS;
    const source = part ? whole.slice(0, MAX_SAMPLE_CHARS) : whole;
    budget -= source.length;
    const cacheKey = path.join(files.root, file);
    samples.push({ file, source, cacheKey: part ? `${cacheKey}\0style sample` : cacheKey });
  });
  // All at once, off the main thread and ahead of the parses already queued: a scan queues the
  // whole project before its checks load, and its per-file steps that read the project's facts would
  // otherwise wait for the last of them (core/scan/file-steps.ts).
  const parsed = await Promise.all(samples.map(({ file, source, cacheKey }) => parseCachedFirst(cacheKey, file, source)));
  parsed.forEach((file, i) => {
    const { source } = samples[i]!;
    // A tree that is not kept: the checks build their own as they need them (core/scan/file-steps.ts).
    withYoungTree(file, () => {
      const root = syntaxTreeOf(file);
      countQuotes(nodesOfType(root, 'string'), source, tally);
      countSemicolons(nodesOfType(root, TERMINATED), tally);
    });
    countIndentation(source, tally);
  });
  return { source: 'inferred', style: verdict(tally), configFiles: [] };
}
