/**
 * documentation.api beside TypeDoc 0.28 (devDependency, pinned) on the same entry points: the set of
 * documented symbols (`entry:qualified name:kind`, top-level exports and namespace members) — matched,
 * missed (TypeDoc lists, we do not), extra (we list, TypeDoc does not) — and the wall time of each.
 * Packages: our fixture (fixtures/documentation/toolkit, TypeScript sources behind dist/ exports) and
 * real published packages from node_modules, copied as package.json + their .d.ts files (the source of
 * a published package is its declarations) with a minimal tsconfig both tools read. "files unread":
 * files in scope documentation.api could not read (declaration files are read up to 5 MB, other
 * sources up to 100 KB); 0 means nothing the package declares was left out for size.
 *
 *   node dist/bench/documentation-api-vs-typedoc.js
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clearCaches } from '../core/cache/index.js';
import { createLocalContext } from '../core/context/index.js';
import { run as apiReference } from '../capabilities/documentation/api.js';
import { compareSymbols, typedocSymbols } from '../test/capabilities/documentation/typedoc-peer.js';
import { declarationCopy } from '../test/capabilities/documentation/declaration-copy.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const REAL_PACKAGES = ['minimatch', 'ajv', 'ioredis', 'yaml'];

interface Row {
  pkg: string;
  entries: number;
  ours: number;
  typedoc: number;
  matched: number;
  missed: string[];
  extra: string[];
  /** Files in scope we could not read (over a read limit, binary): what they declare is missing. */
  unread: number;
  oursMs: number;
  typedocMs: number;
}

async function measure(pkg: string, root: string): Promise<Row> {
  clearCaches();
  const started = performance.now();
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
  const result = await apiReference({ out: 'API.md' }, ctx);
  const oursMs = performance.now() - started;
  const data = result.data as {
    entryPoints: { subpath: string; file: string }[];
    symbols: { name: string; kind: string; entry: string; file: string }[];
    skipped: { path: string }[];
  };
  const bySpecifier = new Map<string, string>();
  const name = pkg;
  for (const e of data.entryPoints) bySpecifier.set(e.subpath === '.' ? name : `${name}/${e.subpath.replace(/^\.\//, '')}`, e.subpath);
  const ours = new Set(data.symbols.map((s) => `${bySpecifier.get(s.entry) ?? s.entry}:${s.name}:${s.kind}`));
  const peer = await typedocSymbols(
    root,
    data.entryPoints.map((e) => [e.subpath, e.file]),
  );
  const agreement = compareSymbols(ours, peer.symbols);
  return {
    pkg,
    entries: data.entryPoints.length,
    ours: ours.size,
    typedoc: peer.symbols.size,
    ...agreement,
    unread: data.skipped.length,
    oursMs,
    typedocMs: peer.ms,
  };
}

export async function run(): Promise<void> {
  const rows: Row[] = [];
  const fixture = await mkdtemp(path.join(tmpdir(), 'agentd-bench-docs-toolkit-'));
  await cp(path.join(repo, 'fixtures', 'documentation', 'toolkit'), fixture, { recursive: true });
  rows.push(await measure('@fixtures/toolkit', fixture));
  await rm(fixture, { recursive: true, force: true });
  for (const pkg of REAL_PACKAGES) {
    const root = await declarationCopy(pkg);
    const version = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string };
    try {
      rows.push({ ...(await measure(version.name, root)), pkg: `${version.name}@${version.version}` });
    } catch (error) {
      console.log(`${pkg}: ${(error as Error).message}`);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  console.log('| package | entry points | ours | TypeDoc | matched | missed | extra | agreement | files unread | ours ms | TypeDoc ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const union = r.matched + r.missed.length + r.extra.length;
    console.log(
      `| ${r.pkg} | ${r.entries} | ${r.ours} | ${r.typedoc} | ${r.matched} | ${r.missed.length} | ${r.extra.length} | ${((100 * r.matched) / Math.max(union, 1)).toFixed(1)} % | ${r.unread} | ${r.oursMs.toFixed(0)} | ${r.typedocMs.toFixed(0)} |`,
    );
  }
  for (const r of rows) {
    if (r.missed.length) console.log(`${r.pkg} missed: ${r.missed.slice(0, 15).join(', ')}${r.missed.length > 15 ? ', …' : ''}`);
    if (r.extra.length) console.log(`${r.pkg} extra: ${r.extra.slice(0, 15).join(', ')}${r.extra.length > 15 ? ', …' : ''}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
