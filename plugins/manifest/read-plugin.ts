/**
 * Reads one plugin (a folder or an installed npm package) into registrable data: its manifest is
 * validated with ajv, its SDK range checked, its entry found inside the plugin, each capability's meta
 * made namespaced. Only files are read: nothing of the plugin runs here (it runs only in the isolate,
 * in the executor). Every refusal is one `invalid_plugin` naming the plugin and the problem.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv, ValidateFunction } from 'ajv';
import semver from 'semver';
import { AgentdError, type CapabilityMeta } from '../../core/index.js';
import { createAjv } from '../../core/registry/ajv-instance.js';
import { bundleState } from '../bundle/bundle-record.js';
import { DEFAULT_PLUGIN_LIMITS, type PluginBinding, type PluginLimits } from '../sandbox/binding.js';
import { MANIFEST_SCHEMA, SDK_VERSION, type PluginManifest } from './manifest-schema.js';

export interface PluginCapability {
  meta: CapabilityMeta;
  binding: PluginBinding;
}

export interface LoadedPlugin {
  /** What the configuration said (a path or a package name). */
  source: string;
  name: string;
  version: string;
  namespace: string;
  folder: string;
  /** The manifest's entry (real path). */
  entry: string;
  /** What enters the isolate: the bundle `agentd plugin add` built (`.agentd/bundle.mjs`), or the entry itself. */
  runnable: string;
  permissions: PluginBinding['permissions'];
  limits: PluginLimits;
  capabilities: PluginCapability[];
}

let validator: ValidateFunction | undefined;
let ajv: Ajv | undefined;

function manifestValidator(): ValidateFunction {
  return (validator ??= (ajv ??= createAjv()).compile(MANIFEST_SCHEMA));
}

function refuse(source: string, problem: string): never {
  throw new AgentdError('invalid_plugin', `Plugin ${JSON.stringify(source)} ${problem}.`);
}

function isPathLike(source: string): boolean {
  return source.startsWith('.') || path.isAbsolute(source) || (source.includes(path.sep) && !source.startsWith('@'));
}

/** The plugin's folder: a path relative to `from`, or an npm package resolved from `from` (node_modules). */
async function folderOf(source: string, from: string): Promise<string> {
  if (isPathLike(source)) {
    const folder = path.resolve(from, source);
    const info = await stat(folder).catch(() => null);
    if (!info?.isDirectory()) refuse(source, `is not a folder (looked at "${folder}")`);
    return realpath(folder);
  }
  try {
    const manifest = createRequire(path.join(from, 'agentd-plugins.js')).resolve(`${source}/package.json`);
    return realpath(path.dirname(manifest));
  } catch {
    return refuse(
      source,
      `is neither a folder nor an npm package installed where ${JSON.stringify(from)} can resolve it (npm install it, or give a path)`,
    );
  }
}

/** "@acme/agentd-plugin" -> "acme"; "agentd-plugin-lint" -> "agentd-plugin-lint" (manifests may say `namespace`). */
function defaultNamespace(name: string): string {
  const scope = /^@([^/]+)\//.exec(name)?.[1];
  return (scope ?? name).toLowerCase().replace(/[^a-z0-9-]/g, '-');
}

export interface ReadPluginOptions {
  /** "use" (default): a fresh `.agentd/bundle.mjs` is what runs, a stale one is refused; "ignore": the manifest's entry as written (`agentd plugin add` before it bundles). */
  bundle?: 'use' | 'ignore';
}

export async function readPlugin(source: string, from: string, options: ReadPluginOptions = {}): Promise<LoadedPlugin> {
  const folder = await folderOf(source, from);
  const text = await readFile(path.join(folder, 'package.json'), 'utf8').catch(() =>
    refuse(source, `has no package.json in "${folder}" (its manifest is the package.json field "agentd")`),
  );
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    return refuse(source, `has a package.json that is not JSON (${(error as Error).message})`);
  }
  if (typeof pkg.name !== 'string' || typeof pkg.version !== 'string' || !semver.valid(pkg.version))
    refuse(source, 'needs a package.json "name" and a semver "version"');
  if (pkg.agentd === undefined) refuse(source, 'has no "agentd" field in its package.json (the plugin manifest; docs/plugins.md)');
  const validate = manifestValidator();
  if (!validate(pkg.agentd)) {
    const problems = (validate.errors ?? [])
      .slice(0, 8)
      .map(
        (e) =>
          `/agentd${e.instancePath} ${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` ("${String((e.params as { additionalProperty?: unknown }).additionalProperty)}")` : ''}`,
      );
    refuse(source, `has an invalid manifest: ${problems.join('; ')}`);
  }
  const manifest = pkg.agentd as PluginManifest;
  if (!semver.validRange(manifest.sdk)) refuse(source, `declares /agentd/sdk ${JSON.stringify(manifest.sdk)}, which is not a semver range`);
  if (!semver.satisfies(SDK_VERSION, manifest.sdk)) refuse(source, `supports SDK ${manifest.sdk}; this agentd provides SDK ${SDK_VERSION}`);
  const entry = path.resolve(folder, manifest.entry);
  if (path.relative(folder, entry).startsWith('..') || path.isAbsolute(path.relative(folder, entry)))
    refuse(source, `names an entry outside its folder ("${manifest.entry}")`);
  const entryInfo = await stat(entry).catch(() => null);
  if (!entryInfo?.isFile())
    refuse(source, `names an entry that does not exist ("${manifest.entry}", looked at "${entry}"); build the plugin first`);
  const realEntry = await realpath(entry);
  if (path.relative(folder, realEntry).startsWith('..'))
    refuse(source, `names an entry that leads outside its folder through a symlink ("${manifest.entry}")`);
  // A plugin with dependencies runs as the bundle `agentd plugin add` built (plugins/bundle).
  let runnable = realEntry;
  if (options.bundle !== 'ignore') {
    const state = await bundleState(folder, path.relative(folder, realEntry).split(path.sep).join('/'));
    if (state.kind === 'stale')
      refuse(source, `has a bundle older than its sources (${state.why}); run \`agentd plugin add\` on it again to rebuild it`);
    if (state.kind === 'fresh') runnable = state.bundle;
  }

  const namespace = manifest.namespace ?? defaultNamespace(pkg.name as string);
  if (!new RegExp('^[a-z][a-z0-9-]{0,49}$').test(namespace))
    refuse(source, `gets the namespace "${namespace}" from its name; set /agentd/namespace to a lower-case kebab-case name`);
  const permissions = {
    read: manifest.permissions?.read ?? ['**'],
    writes: manifest.permissions?.writes ?? false,
    tools: manifest.permissions?.tools ?? [],
  };
  const limits: PluginLimits = { ...DEFAULT_PLUGIN_LIMITS, ...manifest.limits };
  const seen = new Set<string>();
  const capabilities = manifest.capabilities.map((declared, index): PluginCapability => {
    const meta = declared as unknown as CapabilityMeta;
    if (!meta.id.startsWith(`${meta.group}.`))
      refuse(source, `declares /agentd/capabilities/${index}/id "${meta.id}" outside its group "${meta.group}"`);
    if (seen.has(meta.id)) refuse(source, `declares the capability "${meta.id}" twice`);
    seen.add(meta.id);
    if (meta.writes && !permissions.writes)
      refuse(source, `declares "${meta.id}" with writes: true but does not request /agentd/permissions/writes`);
    const id = `${namespace}/${meta.id}`;
    const registered = { ...structuredClone(meta), id };
    const binding: PluginBinding = {
      kind: 'isolate',
      plugin: pkg.name as string,
      version: pkg.version as string,
      entry: runnable,
      capability: meta.id,
      id,
      permissions,
      limits,
      meta: registered,
    };
    return { meta: registered, binding };
  });
  return {
    source,
    name: pkg.name as string,
    version: pkg.version as string,
    namespace,
    folder,
    entry: realEntry,
    runnable,
    permissions,
    limits,
    capabilities,
  };
}
