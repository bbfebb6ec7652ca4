/**
 * analyzeDuplication: the pure analysis (token streams in, clones and statistics out), exported for
 * analysis.quality and anything else that already holds parsed files. Exact clones come from one pass
 * over exact token keys; renamed clones from a second pass over normalised keys, keeping matches that
 * are consistently renamed and not textually identical. An exact clone lying inside a reported renamed
 * one is folded into it, so one copy is reported once.
 */
import type { Tree } from 'tree-sitter';
import type { Clone, CloneKind, CloneLocation, DuplicationReport } from './clone-report.js';
import { perFile, totalsOf } from './clone-report.js';
import { encodeFile, findClones, type EncodedFile, type RawClone, type TokenSpan } from './find-clones.js';
import { encodeTokens, type DetectionMode } from './interner.js';
import { consistentLength, identical } from './renamed-clones.js';
import { tokenize, type TokenStream } from './tokenize.js';

export interface DuplicationOptions {
  /** Smallest clone in tokens (jscpd `--min-tokens`, default 50). */
  minTokens?: number;
  /** Smallest clone in lines (jscpd `--min-lines`, default 5). */
  minLines?: number;
  /** Which clone kinds to report (default both). */
  kinds?: CloneKind[];
  signal?: AbortSignal;
  /** How a file's tokens become codes and window hashes (default: computed on the spot). */
  encode?: EncodeFile;
}

export type DuplicationInputFile = { path: string; tokens: TokenStream } | { path: string; source: string; tree: Tree };

/** Encodes one file for one detection mode; a caller holding a per-file memo passes one (see duplication/collect-tokens.ts). */
export type EncodeFile = (file: { path: string; tokens: TokenStream }, mode: DetectionMode, minTokens: number) => EncodedFile;

export const encodeDirectly: EncodeFile = (file, mode, minTokens) => encodeFile(encodeTokens(file.tokens, mode), minTokens);

export const DEFAULT_MIN_TOKENS = 50;
export const DEFAULT_MIN_LINES = 5;
/** Share of a renamed match's tokens an exact clone inside it must cover to be reported instead. */
const MOSTLY_EXACT = 0.8;

interface Prepared {
  path: string;
  tokens: TokenStream;
}

export function analyzeDuplication(input: readonly DuplicationInputFile[], options: DuplicationOptions = {}): DuplicationReport {
  const minTokens = options.minTokens ?? DEFAULT_MIN_TOKENS;
  const minLines = options.minLines ?? DEFAULT_MIN_LINES;
  const kinds = options.kinds ?? ['exact', 'renamed'];
  const files: Prepared[] = input.map((f) => ({ path: f.path, tokens: 'tokens' in f ? f.tokens : tokenize(f) }));
  const encode = options.encode ?? encodeDirectly;
  const detect = (mode: DetectionMode): RawClone[] =>
    findClones(
      files.map((f) => encode(f, mode, minTokens)),
      minTokens,
      options.signal,
    );

  const exact = detect('exact')
    .map((raw) => toClone(files, raw, 'exact'))
    .filter((c) => long(c, minLines));
  let reported = kinds.includes('exact') ? exact : [];
  if (kinds.includes('renamed')) {
    const exactByPair = byFilePair(exact);
    const renamed = detect('renamed')
      .map((raw) => renamedPart(files, raw, minTokens))
      .filter((raw): raw is RawClone => raw !== null)
      .map((raw) => toClone(files, raw, 'renamed'))
      .filter((c) => long(c, minLines))
      // A renamed match that is mostly an exact clone is reported as that exact clone.
      .filter((r) => !exactByPair.get(pairKey(r))?.some((c) => contains(r, c) && c.tokens >= MOSTLY_EXACT * r.tokens));
    const renamedByPair = byFilePair(renamed);
    reported = [...reported.filter((c) => !renamedByPair.get(pairKey(c))?.some((r) => contains(r, c))), ...renamed];
  }
  reported.sort(byLocation);
  const sizes = files.map((f) => ({ path: f.path, lines: f.tokens.lines, tokens: f.tokens.ids.length }));
  return { clones: reported, files: perFile(reported, sizes), exact: totalsOf(exact, sizes), all: totalsOf(reported, sizes) };
}

/** The consistently renamed prefix of a normalised match, or null when it is exact or too short. */
function renamedPart(files: Prepared[], raw: RawClone, minTokens: number): RawClone | null {
  const a = files[raw.first.file]!.tokens;
  const b = files[raw.second.file]!.tokens;
  const length = consistentLength(a, raw.first.start, b, raw.second.start, raw.first.end - raw.first.start);
  if (length < minTokens || identical(a, raw.first.start, b, raw.second.start, length)) return null;
  return { first: { ...raw.first, end: raw.first.start + length }, second: { ...raw.second, end: raw.second.start + length } };
}

function location(file: Prepared, span: TokenSpan): CloneLocation {
  const t = file.tokens;
  const last = span.end - 1;
  return {
    file: file.path,
    startLine: t.startLines[span.start]!,
    endLine: t.endLines[last]!,
    startColumn: t.startColumns[span.start]!,
    endColumn: t.endColumns[last]!,
  };
}

function toClone(files: Prepared[], raw: RawClone, kind: CloneKind): Clone {
  const first = location(files[raw.first.file]!, raw.first);
  const second = location(files[raw.second.file]!, raw.second);
  return { kind, first, second, lines: first.endLine - first.startLine + 1, tokens: raw.first.end - raw.first.start };
}

const long = (c: Clone, minLines: number): boolean => c.lines >= minLines && c.second.endLine - c.second.startLine + 1 >= minLines;

const inside = (outer: CloneLocation, inner: CloneLocation): boolean =>
  outer.file === inner.file && outer.startLine <= inner.startLine && inner.endLine <= outer.endLine;

function contains(outer: Clone, inner: Clone): boolean {
  return (
    (inside(outer.first, inner.first) && inside(outer.second, inner.second)) ||
    (inside(outer.first, inner.second) && inside(outer.second, inner.first))
  );
}

/**
 * One clone can contain another only when both join the same two files, so containment is looked for
 * among the clones of one file pair (in list order, as a scan of the whole list would meet them).
 */
function pairKey(clone: Clone): string {
  const { first, second } = clone;
  return first.file < second.file ? `${first.file}\0${second.file}` : `${second.file}\0${first.file}`;
}

function byFilePair(clones: readonly Clone[]): Map<string, Clone[]> {
  const groups = new Map<string, Clone[]>();
  for (const clone of clones) {
    const key = pairKey(clone);
    const group = groups.get(key);
    if (group) group.push(clone);
    else groups.set(key, [clone]);
  }
  return groups;
}

function byLocation(a: Clone, b: Clone): number {
  return (
    a.second.file.localeCompare(b.second.file) ||
    a.second.startLine - b.second.startLine ||
    a.first.file.localeCompare(b.first.file) ||
    a.first.startLine - b.first.startLine
  );
}
