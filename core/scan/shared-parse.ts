/**
 * One parse for both scan threads. With the flat-tree addon, runScan parses every source file once in
 * this thread (on the addon's parse threads) and hands the second thread each file's text and
 * flat tree; that thread puts them into its own parse cache instead of parsing the project a second
 * time. Both threads still build their own plain trees (JavaScript objects cannot cross threads), but
 * from the flat arrays that is cheap. Without the addon nothing is shared and each thread parses.
 */
import type { SourceLanguage } from '../contracts/index.js';
import { parsedFiles } from '../cache/thread-caches.js';
import { createLocalContext } from '../context/local-context.js';
import { flatParserAvailable, grammarNamesOf } from '../parsing/flat-parser.js';
import { flatTreeOf, lazyParsedFile } from '../parsing/parsed-file.js';
import { parseSource } from '../parsing/parse-source.js';
import { listSourcePaths } from '../syntax/parse-sources.js';
import { confinePath } from '../workspace/confine-path.js';

/** One parsed file as it crosses to the other thread (structured-cloneable). */
export interface SharedParse {
  /** The parse cache's key (the absolute path). */
  key: string;
  path: string;
  language: SourceLanguage;
  source: string;
  hash: string;
  nodes: Uint32Array;
  hasError: boolean;
}

/** Parses the scan's sources (every TS/JS file in scope, declarations included) into this thread's cache. */
export async function parseForSharing(root: string, include: string[] | undefined, exclude: string[] | undefined): Promise<SharedParse[]> {
  if (!flatParserAvailable()) return [];
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10 } });
  const paths = await listSourcePaths(ctx, { include, exclude, declarations: true });
  const { files } = await ctx.tools.parseMany(paths);
  const shared: SharedParse[] = [];
  for (const file of files) {
    const flat = flatTreeOf(file);
    if (!flat) continue;
    const { abs } = await confinePath(ctx.workspace.root, file.path);
    shared.push({
      key: abs,
      path: file.path,
      language: file.language,
      source: file.source,
      hash: file.hash,
      nodes: flat.nodes,
      hasError: flat.hasError,
    });
  }
  return shared;
}

/** Puts files parsed by the other thread into this thread's parse cache (an entry already there stays). */
export function adoptSharedParses(shared: readonly SharedParse[]): void {
  for (const file of shared) {
    if (parsedFiles.get(file.key, file.hash)) continue;
    const flat = { nodes: file.nodes, hasError: file.hasError, names: grammarNamesOf(file.language) };
    parsedFiles.set(
      file.key,
      file.hash,
      lazyParsedFile({ ...file, flat, makeTree: () => parseSource(file.path, file.source, file.hash).tree }),
    );
  }
}
