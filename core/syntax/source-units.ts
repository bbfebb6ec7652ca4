/**
 * The analysed files of one step, parsed in one batch: a parsed file plus its shared plain tree (made
 * on first access, and then shared with every other analysis of the thread), and the per-file memo.
 */
import type { CapabilityContext, MemoScope, ParsedFile } from '../contracts/index.js';
import { carryFlatTree } from '../parsing/parsed-file.js';
import { parseSources, type SkippedSource, type SourceSelection } from './parse-sources.js';
import { syntaxTreeOf, type SyntaxNode } from './plain-tree.js';

export interface SourceUnit extends ParsedFile {
  /** The shared plain-JS tree, copied on first access. Read-only. */
  readonly root: SyntaxNode;
}

export interface LoadedSources {
  units: SourceUnit[];
  skipped: SkippedSource[];
}

export function unitOf(parsed: ParsedFile): SourceUnit {
  return carryFlatTree(parsed, {
    path: parsed.path,
    language: parsed.language,
    source: parsed.source,
    hash: parsed.hash,
    // Both lazy: the binding tree is made only if an analysis asks for it (see core/parsing/parsed-file.ts).
    get tree() {
      return parsed.tree;
    },
    get root(): SyntaxNode {
      return syntaxTreeOf(parsed);
    },
  });
}

/** Lists the TS/JS sources (no .d.ts) and parses them as one counted tool call; unreadable files are skipped. */
export async function loadSources(ctx: CapabilityContext, selection: SourceSelection, who: string): Promise<LoadedSources> {
  const { files, skipped } = await parseSources(ctx, selection, who);
  ctx.progress(50, `${who}: ${files.length} files parsed`);
  return { units: files.map(unitOf), skipped };
}

/** A per-file result memoised by content hash (`key` names the analysis and the options that shaped it). */
export function memoised<T>(ctx: MemoScope, key: string, unit: Pick<ParsedFile, 'path' | 'hash'>, compute: () => T): T {
  const fullKey = `${key}:${unit.path}`;
  return ctx.tools.memo ? ctx.tools.memo(fullKey, unit.hash, compute) : compute();
}

const optionKeys = new WeakMap<object, Map<string, string>>();

/**
 * `${name}:${JSON.stringify(options)}`, made once per options object: a scan asks for a check's memo
 * key once per file and per check that shares the entry (~10 ms of JSON per scan of 632 files). The
 * options must not change once resolved (a later change to the object is not seen): resolve them once
 * per input (`resolvedPerInput`) rather than per file.
 */
export function optionsKey(name: string, options: object): string {
  let byName = optionKeys.get(options);
  if (!byName) optionKeys.set(options, (byName = new Map()));
  let key = byName.get(name);
  if (key === undefined) byName.set(name, (key = `${name}:${JSON.stringify(options)}`));
  return key;
}

/**
 * `resolve(input)` made once per input object: a scan's per-file step gets the same planned input for
 * every file, so it resolves the same options (and keeps one options object for `optionsKey`). An
 * absent input resolves as `{}`, once.
 */
export function resolvedPerInput<I extends object, O>(resolve: (input: I) => O): (input: I | undefined) => O {
  const resolved = new WeakMap<object, O>();
  const none = {} as I;
  return (input) => {
    const given = input ?? none;
    let options = resolved.get(given);
    if (options === undefined) resolved.set(given, (options = resolve(given)));
    return options;
  };
}

export function isTestFile(path: string): boolean {
  return /(^|\/)(__tests__|__mocks__|test|tests)\//.test(path) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(path);
}
