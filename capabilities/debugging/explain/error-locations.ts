/**
 * Source locations an error text names, in the order it names them: V8 stack frames (Node, Chrome:
 * `at fn (file:line:col)`, `at file:line:col`, `at async fn (...)`), Firefox/Safari frames
 * (`fn@file:line:col`), tsc output (`file(line,col): error TS…` and the pretty `file:line:col - error TS…`),
 * test-runner lines (`at Context.<anonymous> (test/a.test.js:3:9)`, Jest's `› file:line:col`, Vitest's
 * `❯ fn src/a.ts:3:9` frames).
 * `file://` URLs and http(s) URLs (browser bundles) are reduced to their paths.
 */

import { MAX_LINE, MAX_LINES } from './match-error.js';

export interface ErrorLocation {
  /** As written, normalised to forward slashes, without `file://` or the origin of a URL. */
  path: string;
  line: number;
  column?: number;
  /** The function a stack frame names, if any. */
  fn?: string;
  kind: 'frame' | 'tsc' | 'mention';
  /** node_modules, `node:` internals and Node's internal/ frames: not the project's code. */
  external: boolean;
}

const V8_FRAME = /^\s*at\s+(?:(?:async\s+)?(.+?)\s+\()?((?:file:\/\/|https?:\/\/[^/\s]+)?[^\s()]+?):(\d+):(\d+)\)?\s*$/;
// Vitest prints its frames as `❯ Object.get error [as error] src/types.ts:109:23` or `❯ src/a.test.ts:740:8`.
const VITEST_FRAME = /^\s*❯\s+(?:(.+?)\s+)?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\s*$/;
const GECKO_FRAME = /^\s*([^@\s]*)@((?:file:\/\/|https?:\/\/[^/\s]+)?[^\s@]+?):(\d+):(\d+)\s*$/;
const TSC_PLAIN = /^([^\s(][^()\n]*?\.(?:tsx?|mts|cts|jsx?|mjs|cjs|vue))\((\d+),(\d+)\):\s+(?:error|warning)\s+TS\d+/;
const TSC_PRETTY = /^([^\s:][^:\n]*?\.(?:tsx?|mts|cts|jsx?|mjs|cjs|vue)):(\d+):(\d+)\s+-\s+(?:error|warning)\s+TS\d+/;
const MENTION = /((?:file:\/\/)?(?:[A-Za-z]:)?[\w.@\\/-]*[\w@-]\.(?:tsx?|jsx?|mjs|cjs|mts|cts)):(\d+)(?::(\d+))?/g;

export function normalisePath(raw: string): string {
  let p = raw.replace(/\\/g, '/');
  p = p.replace(/^file:\/\//, '').replace(/^https?:\/\/[^/]+/, '');
  p = p.replace(/[?#].*$/, '');
  try {
    p = decodeURIComponent(p);
  } catch {
    /* keep it as written */
  }
  // webpack://app/./src/a.ts -> src/a.ts
  return p.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
}

export function isExternal(path: string): boolean {
  return (
    /(^|\/)node_modules\//.test(path) || /^node:/.test(path) || /^internal\//.test(path) || /^<anonymous>$/.test(path) || !/[./]/.test(path)
  );
}

export function errorLocations(text: string): ErrorLocation[] {
  const out: ErrorLocation[] = [];
  const push = (raw: string, line: string, column: string | undefined, kind: ErrorLocation['kind'], fn?: string): void => {
    const path = normalisePath(raw);
    const loc: ErrorLocation = { path, line: Number(line), kind, external: isExternal(raw) || isExternal(path) };
    if (column !== undefined) loc.column = Number(column);
    if (fn && fn !== '<anonymous>') loc.fn = fn;
    out.push(loc);
  };
  // Bounded like the catalogue's matching: long lines cut, long texts read up to a number of lines.
  for (const line of text.split(/\r?\n/, MAX_LINES).map((l) => l.slice(0, MAX_LINE))) {
    let m = V8_FRAME.exec(line);
    if (m) {
      push(m[2]!, m[3]!, m[4], 'frame', m[1]?.replace(/^new\s+/, ''));
      continue;
    }
    m = VITEST_FRAME.exec(line);
    if (m) {
      push(m[2]!, m[3]!, m[4], 'frame', m[1]?.replace(/\s+\[as [^\]]+\]$/, ''));
      continue;
    }
    m = TSC_PLAIN.exec(line) ?? TSC_PRETTY.exec(line);
    if (m) {
      push(m[1]!, m[2]!, m[3], 'tsc');
      continue;
    }
    m = GECKO_FRAME.exec(line);
    if (m && /\//.test(m[2]!)) {
      push(m[2]!, m[3]!, m[4], 'frame', m[1] || undefined);
      continue;
    }
    for (const mention of line.matchAll(MENTION)) push(mention[1]!, mention[2]!, mention[3], 'mention');
  }
  return out;
}
