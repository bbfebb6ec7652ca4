/**
 * The analysis checks a scan can run: every module under `<root>/analysis/` registered on its own, so a
 * module that fails to load (another group's, or one analysis check being rewritten) does not take the
 * other checks down with it; it is remembered and reported only when that check is asked for.
 */
import path from 'node:path';
import type { RegisteredCapability } from '../contracts/index.js';
import { AgentdError, isAgentdError } from '../errors/index.js';
import { CapabilityRegistry } from '../registry/capability-registry.js';
import { defaultRoots } from '../registry/default-roots.js';
import { discoverModules } from '../registry/load-registry.js';
import type { ConfigCatalog } from '../project-config/load-config.js';

export interface AnalysisCatalog {
  registry: CapabilityRegistry;
  /** Check name ("security") -> registered capability. */
  checks: Map<string, RegisteredCapability>;
  /** Check name (the module's file name) -> why its module could not be registered. */
  broken: Map<string, AgentdError>;
}

const GROUP = 'analysis';

export async function loadAnalysisCatalog(roots: string[] = defaultRoots()): Promise<AnalysisCatalog> {
  const registry = new CapabilityRegistry();
  const checks = new Map<string, RegisteredCapability>();
  const broken = new Map<string, AgentdError>();
  for (const root of roots) {
    for (const found of await discoverModules(path.resolve(root))) {
      if (found.group !== GROUP) continue;
      const name = path.basename(found.modulePath, '.js');
      try {
        const registered = await registry.registerModule(found.modulePath, found.group);
        checks.set(registered.meta.id.slice(GROUP.length + 1), registered);
      } catch (error) {
        broken.set(
          name,
          isAgentdError(error)
            ? error
            : new AgentdError(
                'invalid_capability',
                `Analysis module "${found.modulePath}" could not be registered (${(error as Error).message}); fix the module.`,
                { cause: error },
              ),
        );
      }
    }
  }
  return { registry, checks, broken };
}

const loaded = new Map<string, Promise<AnalysisCatalog>>();

/**
 * The catalog of these roots, loaded once per process: registering compiles every inputSchema (about
 * half a second for ten checks), which a re-scan in the same process should not pay again.
 */
export function sharedAnalysisCatalog(roots: string[] = defaultRoots()): Promise<AnalysisCatalog> {
  const key = JSON.stringify(roots.map((root) => path.resolve(root)));
  let catalog = loaded.get(key);
  if (!catalog) {
    catalog = loadAnalysisCatalog(roots);
    catalog.catch(() => loaded.delete(key));
    loaded.set(key, catalog);
  }
  return catalog;
}

const configCatalogs = new WeakMap<AnalysisCatalog, ConfigCatalog>();

/** What a project configuration is validated against: the checks of a catalog (one object per catalog, so its schema compiles once). */
export function configCatalogOf(catalog: AnalysisCatalog): ConfigCatalog {
  let config = configCatalogs.get(catalog);
  if (!config) {
    config = {
      metas: [...catalog.checks.values()].map((registered) => registered.meta),
      validateInput: (id, input) =>
        catalog.registry.get(id)
          ? catalog.registry.validateInput(id, input).errors
          : [{ path: '/', message: `names no installed check ("${id}")` }],
    };
    configCatalogs.set(catalog, config);
  }
  return config;
}

let sharedConfig: Promise<ConfigCatalog> | undefined;

/** The configuration catalog of the default roots, once per thread (a job step's worker asks on every analysis step). */
export function sharedConfigCatalog(): Promise<ConfigCatalog> {
  sharedConfig ??= sharedAnalysisCatalog().then(configCatalogOf);
  sharedConfig.catch(() => (sharedConfig = undefined));
  return sharedConfig;
}
