/** Running the selected codemods over a file set: the in-file ones per file, then cjs-to-esm over all. */
import type { Collection } from 'jscodeshift';
import type { CodeStyle } from '../../../core/index.js';
import type { Codemod, Skip } from './codemod.js';
import { callbacksToAsync } from './callbacks-to-async.js';
import { concatToTemplate } from './concat-to-template.js';
import { convertCjs, type CjsResult, type ParsedSource } from './cjs-to-esm.js';
import type { CodemodId } from './options.js';
import { jscodeshiftFor } from './parser.js';
import { promisesToAsync } from './promises-to-async.js';
import { varToLetConst } from './var-to-let-const.js';

type RecastOptions = NonNullable<Parameters<Collection['toSource']>[0]>;

/** The order matters: the async rewrites declare `const`s, and `var` -> `const` then sees the result. */
const IN_FILE: Codemod[] = [callbacksToAsync, promisesToAsync, varToLetConst, concatToTemplate];

export interface FileOutcome {
  file: string;
  before: string;
  after: string;
  counts: Partial<Record<CodemodId, number>>;
}

export interface CodemodRun {
  files: FileOutcome[];
  skipped: Skip[];
  failed: { file: string; message: string }[];
  cjs: CjsResult | null;
}

/**
 * recast measures tab-indented source with its default tab width (4) when parsing; printing with another
 * width would re-indent every reused line, so tabs are printed with that same width.
 */
export function printOptions(style: CodeStyle): RecastOptions {
  const tabs = style.indent.style === 'tab';
  return { quote: style.quotes, tabWidth: tabs ? 4 : style.indent.size, useTabs: tabs, reuseWhitespace: true } as RecastOptions;
}

export function runCodemods(
  inputs: { path: string; content: string }[],
  selected: CodemodId[],
  style: CodeStyle,
  workspaceFiles: Set<string>,
  signal: AbortSignal,
): CodemodRun {
  const run: CodemodRun = { files: [], skipped: [], failed: [], cjs: null };
  const print = printOptions(style);
  for (const input of inputs) {
    signal.throwIfAborted();
    const outcome: FileOutcome = { file: input.path, before: input.content, after: input.content, counts: {} };
    try {
      const j = jscodeshiftFor(input.path);
      // Parsed once; re-parsed only after a codemod changed the text (node offsets must match it).
      let root = j(outcome.after);
      for (const codemod of IN_FILE.filter((c) => selected.includes(c.id))) {
        const skip = (line: number, reason: string): void => void run.skipped.push({ file: input.path, line, codemod: codemod.id, reason });
        const count = codemod.apply({ j, root, file: input.path, source: outcome.after, skip });
        if (count > 0) {
          outcome.after = retab(input.content, root.toSource(print), print);
          root = j(outcome.after);
        }
        outcome.counts[codemod.id] = count;
      }
    } catch (error) {
      run.failed.push({ file: input.path, message: (error as Error).message });
      continue;
    }
    run.files.push(outcome);
  }
  if (selected.includes('cjs-to-esm')) run.cjs = convertAll(run.files, workspaceFiles, print);
  return run;
}

function convertAll(files: FileOutcome[], workspaceFiles: Set<string>, print: RecastOptions): CjsResult {
  const sources: ParsedSource[] = files.map((f) => {
    const j = jscodeshiftFor(f.file);
    return { file: f.file, j, root: j(f.after) };
  });
  const result = convertCjs(sources, workspaceFiles);
  for (const source of sources) {
    if (!result.converted.includes(source.file)) continue;
    const outcome = files.find((f) => f.file === source.file)!;
    outcome.after = source.root.toSource(print);
    outcome.counts['cjs-to-esm'] = 1;
  }
  return result;
}

/**
 * recast indents the statements it prints anew with spaces even in a tab-indented file; new lines (those
 * not in the original) get tabs for each tab width of leading spaces, so the file keeps one style.
 */
function retab(original: string, printed: string, print: RecastOptions): string {
  if (!print.useTabs) return printed;
  const unit = ' '.repeat(print.tabWidth ?? 4);
  const known = new Set(original.split('\n'));
  return printed
    .split('\n')
    .map((line) => (known.has(line) ? line : line.replace(/^[\t ]+/, (ws) => ws.split(unit).join('\t'))))
    .join('\n');
}
