/**
 * Bundles a plugin's entry with its own npm dependencies (and its own relative imports) into the one
 * ES module that enters the isolate: esbuild, run by `agentd plugin add` (and by PluginTester, so tests
 * run what production runs). The SDK stays an import (the isolate provides it). A dependency that
 * needs a Node built-in is refused by name: the isolate has no Node APIs, so it could only fail later.
 * An entry that imports nothing but the SDK needs no bundle: it runs as written (any old bundle is removed).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import { AgentdError } from '../../core/index.js';
import { SDK_SPECIFIERS } from '../sandbox/isolate-source.js';
import { BUNDLE_DIR, BUNDLE_FILE, RECORD_FILE, sha256, type BundleRecord } from './bundle-record.js';

const BUILTINS: ReadonlySet<string> = new Set(builtinModules.flatMap((name) => [name, name.split('/')[0]!]));

export interface BundleOutcome {
  /** The bundle's path, or null when the entry imports only the SDK (it runs as written). */
  bundle: string | null;
  /** Plugin-relative files that went in (the entry first). */
  inputs: string[];
  bytes: number;
}

interface BuiltinUse {
  builtin: string;
  importer: string;
}

/** "node_modules/@scope/pkg/lib/x.js" -> "@scope/pkg"; the plugin's own file -> null. */
export function dependencyOf(importer: string): string | null {
  const parts = importer.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at === -1 || at + 1 >= parts.length) return null;
  const first = parts[at + 1]!;
  return first.startsWith('@') && parts[at + 2] ? `${first}/${parts[at + 2]}` : first;
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]!);
}

function builtinRefusal(plugin: string, uses: BuiltinUse[], folder: string): AgentdError {
  const described = uses.slice(0, 5).map(({ builtin, importer }) => {
    const dependency = dependencyOf(importer);
    const where = path.relative(folder, path.resolve(folder, importer)).split(path.sep).join('/');
    return dependency
      ? `its dependency "${dependency}" needs the Node built-in "${builtin}" (imported by ${where})`
      : `its own file ${where} imports the Node built-in "${builtin}"`;
  });
  return new AgentdError(
    'invalid_plugin',
    `Plugin "${plugin}" cannot be bundled: ${described.join('; ')}${uses.length > 5 ? ` (and ${uses.length - 5} more)` : ''}. A plugin runs in an isolate with no Node APIs: use a dependency that does not need them, or the SDK's ctx tools (workspace, parse, format).`,
  );
}

/**
 * Bundles `entry` (absolute, inside `folder`) for the plugin `name`. Writes `.agentd/bundle.mjs` and
 * its record into the plugin's folder when the entry imports more than the SDK.
 */
export async function bundlePlugin(name: string, folder: string, entry: string): Promise<BundleOutcome> {
  const esbuild = await import('esbuild');
  const uses: BuiltinUse[] = [];
  const guard: EsbuildPlugin = {
    name: 'agentd-plugin-guard',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (SDK_SPECIFIERS.has(args.path)) return { path: args.path, external: true };
        if (args.kind !== 'entry-point' && isBuiltin(args.path)) {
          uses.push({ builtin: args.path.replace(/^node:/, ''), importer: args.importer });
          return { path: args.path, external: true };
        }
        return undefined;
      });
    },
  };
  let result: import('esbuild').BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      absWorkingDir: folder,
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      target: 'es2022',
      mainFields: ['module', 'main'],
      conditions: ['import', 'default'],
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      plugins: [guard],
    });
  } catch (error) {
    const failure = error as { errors?: { text: string; location?: { file: string; line: number } | null }[] };
    const first = failure.errors?.[0];
    const where = first?.location ? ` (${first.location.file}:${first.location.line})` : '';
    throw new AgentdError(
      'invalid_plugin',
      `Plugin "${name}" cannot be bundled: ${first ? first.text + where : (error as Error).message}${(failure.errors?.length ?? 0) > 1 ? ` (and ${failure.errors!.length - 1} more errors)` : ''}.`,
    );
  }
  if (uses.length > 0) throw builtinRefusal(name, uses, folder);
  const inputs = Object.keys(result.metafile.inputs);
  const dir = path.join(folder, BUNDLE_DIR);
  const relativeEntry = path.relative(folder, entry).split(path.sep).join('/');
  if (inputs.length <= 1) {
    await rm(path.join(dir, BUNDLE_FILE), { force: true });
    await rm(path.join(dir, RECORD_FILE), { force: true });
    return { bundle: null, inputs: [relativeEntry], bytes: 0 };
  }
  const code = result.outputFiles[0]!.contents;
  const record: BundleRecord = {
    entry: relativeEntry,
    inputs: {},
    bundle: sha256(Buffer.from(code)),
    esbuild: esbuild.version,
  };
  for (const input of inputs) record.inputs[input] = sha256(await readFile(path.join(folder, input)));
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, BUNDLE_FILE), code);
  await writeFile(path.join(dir, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
  return { bundle: path.join(dir, BUNDLE_FILE), inputs, bytes: code.length };
}
