/**
 * Test locations mapped through source maps: a test that ran from compiled JavaScript (dist/test/a.test.js
 * with dist/test/a.test.js.map beside it, as tsc writes them) is reported at its TypeScript source
 * (test/a.test.ts and the source line). A small decoder of the mappings (base64 VLQ), reading only
 * what a line lookup needs; a file without a map, or a line without a mapping, stays as it is.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestCase } from './test-case.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

interface RawMap {
  sources?: string[];
  sourceRoot?: string;
  mappings?: string;
}

/** Per generated line (0-based): the first mapped segment's [source index, original line 0-based]. */
interface LineMap {
  sources: string[];
  lines: ([number, number] | null)[];
}

function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = BASE64.indexOf(ch);
    if (digit < 0) return [];
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

export function lineMapOf(raw: RawMap, mapDir: string, tree: string): LineMap {
  const sources = (raw.sources ?? []).map((s) =>
    path
      .relative(tree, path.resolve(mapDir, raw.sourceRoot ?? '', s))
      .split(path.sep)
      .join('/'),
  );
  const lines: LineMap['lines'] = [];
  let source = 0;
  let original = 0;
  for (const line of (raw.mappings ?? '').split(';')) {
    let first: [number, number] | null = null;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const v = decodeSegment(segment);
      if (v.length >= 4) {
        source += v[1]!;
        original += v[2]!;
        first ??= [source, original];
      }
    }
    lines.push(first);
  }
  return { sources, lines };
}

function mapLine(map: LineMap, line: number): { file: string; line: number } | null {
  const hit = map.lines[line - 1];
  const file = hit ? map.sources[hit[0]] : undefined;
  return hit && file ? { file, line: hit[1] + 1 } : null;
}

/** Rewrites `file`, `line` and `failureAt` of tests that ran from files with a source map (ids are kept: they name what ran). */
export async function mapThroughSourceMaps(cases: TestCase[], tree: string): Promise<void> {
  const maps = new Map<string, LineMap | null>();
  const mapOf = async (file: string): Promise<LineMap | null> => {
    if (!maps.has(file)) {
      const mapFile = path.join(tree, `${file}.map`);
      const text = /\.[cm]?js$/.test(file) ? await readFile(mapFile, 'utf8').catch(() => null) : null;
      let map: LineMap | null;
      try {
        map = text ? lineMapOf(JSON.parse(text) as RawMap, path.dirname(mapFile), tree) : null;
      } catch {
        map = null;
      }
      maps.set(file, map);
    }
    return maps.get(file)!;
  };
  for (const test of cases) {
    const map = await mapOf(test.file);
    if (!map) continue;
    if (test.failureAt) {
      const mapped = mapLine(map, Number(test.failureAt.split(':').pop()));
      if (mapped) test.failureAt = `${mapped.file}:${mapped.line}`;
    }
    const declared = test.line !== undefined ? mapLine(map, test.line) : null;
    const source = declared?.file ?? map.sources[0];
    if (declared) test.line = declared.line;
    if (source) test.ranFrom = test.file;
    if (source) test.file = source;
  }
}
