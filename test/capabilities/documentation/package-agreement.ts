/**
 * documentation.api beside TypeDoc on a published package from agentd's node_modules (its declaration
 * files copied to a temp folder): matched, missed and extra `entry:name:kind` symbols.
 */
import { rm } from 'node:fs/promises';
import { createLocalContext } from '../../../core/context/index.js';
import { run } from '../../../capabilities/documentation/api.js';
import { declarationCopy } from './declaration-copy.js';
import { compareSymbols, typedocSymbols } from './typedoc-peer.js';

export async function agreement(pkg: string): Promise<{ matched: number; missed: string[]; extra: string[] }> {
  const root = await declarationCopy(pkg);
  try {
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
    const result = await run({ out: 'API.md' }, ctx);
    const data = result.data as {
      entryPoints: { subpath: string; file: string }[];
      symbols: { name: string; kind: string; entry: string }[];
    };
    const subpathOf = new Map(
      data.entryPoints.map((e) => [e.subpath === '.' ? pkg : `${pkg}/${e.subpath.replace(/^\.\//, '')}`, e.subpath]),
    );
    const ours = new Set(data.symbols.map((s) => `${subpathOf.get(s.entry) ?? s.entry}:${s.name}:${s.kind}`));
    const peer = await typedocSymbols(
      root,
      data.entryPoints.map((e) => [e.subpath, e.file]),
    );
    return compareSymbols(ours, peer.symbols);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
