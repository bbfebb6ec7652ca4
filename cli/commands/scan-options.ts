/**
 * `agentd scan`'s options once the project's configuration is read: a flag wins, the file's value comes
 * next, agentd's default last (checks: all, fail-on: high). `--config <file>` names the file; otherwise
 * it is the nearest agentd.config.json above the scanned folder (core/project-config/find-config.ts).
 */
import path from 'node:path';
import type { Severity } from '../../core/contracts/index.js';
import { AgentdError } from '../../core/errors/index.js';
import { readConfigFile, settingsOf, projectSettings, type ProjectSettings } from '../../core/project-config/index.js';
import { configCatalogOf, type AnalysisCatalog } from '../../core/scan/index.js';

/** A gate fails on high and critical findings unless told otherwise: the level a team blocks a merge on. */
export const DEFAULT_FAIL_ON = 'high';

export interface ChosenOptions {
  checks: string[];
  failOn: Severity | 'none';
  baseline?: string;
  inputs: Record<string, Record<string, unknown>>;
}

export function cliSettings(root: string, catalog: AnalysisCatalog, configFile: string | undefined): ProjectSettings {
  const config = configCatalogOf(catalog);
  if (!configFile) return projectSettings(root, config);
  const file = path.resolve(configFile);
  return settingsOf({ file, dir: path.dirname(file), config: readConfigFile(file, config) }, root, config);
}

/** The checks whose input takes a `profile` (analysis.security's rule profiles): where --profile goes. */
function profiledChecks(settings: ProjectSettings): string[] {
  return [...settings.traits].filter(([, traits]) => traits.takesProfile).map(([id]) => id);
}

export function chooseOptions(
  argv: { checks?: string[]; failOn?: Severity | 'none'; baseline?: string; profile?: string },
  settings: ProjectSettings,
): ChosenOptions {
  const { config, dir } = settings.loaded;
  const inputs: Record<string, Record<string, unknown>> = {};
  if (argv.profile !== undefined) {
    const profiled = profiledChecks(settings);
    if (profiled.length === 0)
      throw new AgentdError('invalid_input', `--profile ${argv.profile}: no check of this agentd takes a profile.`);
    for (const id of profiled) inputs[id] = { profile: argv.profile };
  }
  const baseline = argv.baseline ?? (config.baseline === undefined ? undefined : path.resolve(dir, config.baseline));
  return {
    checks: argv.checks?.length ? argv.checks : (config.checks ?? ['all']),
    failOn: argv.failOn ?? config.failOn ?? DEFAULT_FAIL_ON,
    ...(baseline ? { baseline } : {}),
    inputs,
  };
}
