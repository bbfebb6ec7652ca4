/**
 * Discovery: capability modules are `<root>/<group>/*.js` (compiled). Subfolders of a group folder hold
 * a capability's internal modules and are not scanned; `.d.ts` and `.map` files are ignored.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { AgentdError } from '../errors/index.js';
import type { CapabilityGroup } from '../contracts/index.js';
import { CapabilityRegistry } from './capability-registry.js';
import { isCapabilityGroup } from './validate-module.js';

export interface LoadRegistryOptions {
  /** Folders holding `<group>/*.js` capability modules (see defaultRoots()). */
  roots: string[];
  /** Single module files to register as well, with no group folder to check against. */
  modules?: string[];
  /** Flat folders whose every `.js` file is a capability module (e.g. the engine's test capabilities). */
  flat?: string[];
}

export interface DiscoveredModule {
  modulePath: string;
  group: CapabilityGroup;
}

/** Compiled modules only: `.js` (so `.d.ts` and `.js.map` never match). */
function isModuleFile(name: string): boolean {
  return name.endsWith('.js');
}

async function readDirectory(folder: string): Promise<import('node:fs').Dirent[]> {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    throw new AgentdError(
      'invalid_capability',
      `Capability root "${folder}" cannot be read (${(error as Error).message}); build the project or fix the path.`,
      { cause: error },
    );
  }
}

/** The modules under one root, sorted by path so registration order (and duplicate messages) are stable. */
export async function discoverModules(root: string): Promise<DiscoveredModule[]> {
  const found: DiscoveredModule[] = [];
  for (const entry of await readDirectory(root)) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(root, entry.name);
    const files = (await readDirectory(folder)).filter((f) => f.isFile() && isModuleFile(f.name));
    if (files.length === 0) continue;
    if (!isCapabilityGroup(entry.name)) {
      throw new AgentdError(
        'invalid_capability',
        `Capability folder "${folder}" is not a capability group; rename it to one of generation, analysis, refactoring, testing, documentation, debugging.`,
      );
    }
    for (const file of files) found.push({ modulePath: path.join(folder, file.name), group: entry.name });
  }
  return found.sort((a, b) => (a.modulePath < b.modulePath ? -1 : 1));
}

export async function loadRegistry(options: LoadRegistryOptions): Promise<CapabilityRegistry> {
  const registry = new CapabilityRegistry();
  for (const root of options.roots) {
    for (const { modulePath, group } of await discoverModules(path.resolve(root))) {
      await registry.registerModule(modulePath, group);
    }
  }
  for (const modulePath of options.modules ?? []) await registry.registerModule(modulePath);
  for (const folder of options.flat ?? []) {
    const files = (await readDirectory(path.resolve(folder))).filter((f) => f.isFile() && isModuleFile(f.name));
    for (const name of files.map((f) => f.name).sort()) await registry.registerModule(path.join(path.resolve(folder), name));
  }
  return registry;
}
