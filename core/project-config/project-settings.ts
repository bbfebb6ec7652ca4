/**
 * A project's configuration resolved for one root: the loaded file, the root's place below it (to
 * rebase the file's globs), the rule policy, the known rules, and the inputs it gives each check.
 */
import path from 'node:path';
import { AgentdError } from '../errors/index.js';
import { checkTraits, configuredInput, type CheckTraits } from './config-inputs.js';
import type { LoadedProjectConfig } from './config-types.js';
import { FindingReview, type ReadTexts } from './finding-review.js';
import { loadProjectConfig, type ConfigCatalog } from './load-config.js';
import { rebaseGlobs } from './rebase-globs.js';
import { knownRuleIds, type KnownRules } from './rule-ids.js';
import { RulePolicy } from './rule-policy.js';

export interface ProjectSettings {
  loaded: LoadedProjectConfig;
  /** The root relative to the configuration's folder (POSIX, "" when they are the same). */
  rootPrefix: string;
  policy: RulePolicy;
  known: KnownRules;
  /** Per capability id, what the configuration needs to know of it (from its meta). */
  traits: ReadonlyMap<string, CheckTraits>;
}

export function settingsOf(loaded: LoadedProjectConfig, root: string, catalog: Pick<ConfigCatalog, 'metas'>): ProjectSettings {
  const relative = path.relative(loaded.dir, path.resolve(root)).split(path.sep).join('/');
  const rootPrefix = relative.startsWith('..') ? '' : relative;
  const { config, file } = loaded;
  if (config.include?.length && rootPrefix && rebaseGlobs(config.include, rootPrefix)!.length === 0) {
    throw new AgentdError(
      'invalid_input',
      `${file}: "include" (${config.include.join(', ')}) matches nothing under "${rootPrefix}"; scan a folder it includes, or pass --include.`,
    );
  }
  return {
    loaded,
    rootPrefix,
    policy: RulePolicy.of(loaded, rootPrefix),
    known: knownRuleIds(catalog.metas),
    traits: new Map(catalog.metas.map((meta) => [meta.id, checkTraits(meta)])),
  };
}

/** The settings for a root: its nearest configuration file (walking up for the CLI, not for the daemon) or the defaults alone. */
export function projectSettings(root: string, catalog: ConfigCatalog, walkUp = true): ProjectSettings {
  return settingsOf(loadProjectConfig(root, catalog, walkUp), root, catalog);
}

export function inputFor(settings: ProjectSettings, capabilityId: string, given: Record<string, unknown>): Record<string, unknown> {
  return configuredInput(settings.loaded, capabilityId, given, settings.rootPrefix, settings.traits.get(capabilityId));
}

export function newReview(settings: ProjectSettings, read: ReadTexts): FindingReview {
  return new FindingReview({
    policy: settings.policy,
    generatedCode: settings.loaded.config.defaults?.generatedCode !== false,
    known: settings.known,
    read,
  });
}
