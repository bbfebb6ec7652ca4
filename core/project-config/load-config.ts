/**
 * Reads and validates a project's agentd.config.json. The schema is built from the installed checks'
 * metas (config-schema.ts), so a threshold or rule id is checked against the checks that will run, and
 * a problem names the key, its value and the file, with a "did you mean" for a mistyped key or value.
 * A file is read and validated once per content (cached by path, size and mtime): the daemon asks for
 * it on every analysis step.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CapabilityMeta } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import { createAjv } from '../registry/ajv-instance.js';
import { precompiledValidator } from '../registry/precompiled-validators.js';
import { checkTraits } from './config-inputs.js';
import { buildConfigSchema } from './config-schema.js';
import { keyOf, pointerSegments, schemaProblems, shown, unknownRuleProblem, type ConfigProblem } from './config-problems.js';
import type { LoadedProjectConfig, ProjectConfigFile } from './config-types.js';
import { findConfigFile } from './find-config.js';
import { knownRuleIds, unknownRulePattern } from './rule-ids.js';

/** What the loader checks a file against: the analysis checks that are installed. */
export interface ConfigCatalog {
  metas: readonly CapabilityMeta[];
  /** Problems of a check's input (JSON pointers relative to it), for `options.<check>`. */
  validateInput(capabilityId: string, input: unknown): { path: string; message: string }[];
}

const cache = new Map<string, { signature: string; loaded: LoadedProjectConfig }>();
const validators = new WeakMap<
  readonly CapabilityMeta[],
  { schema: Record<string, unknown>; validate: ReturnType<ReturnType<typeof createAjv>['compile']> }
>();

function validatorFor(metas: readonly CapabilityMeta[]) {
  let entry = validators.get(metas);
  if (!entry) {
    const schema = buildConfigSchema(metas);
    entry = { schema, validate: precompiledValidator(schema) ?? createAjv().compile(schema) };
    validators.set(metas, entry);
  }
  return entry;
}

function invalid(file: string, problems: ConfigProblem[]): AgentdError {
  const listed = problems
    .slice(0, 5)
    .map((p) => p.message)
    .join('; ');
  const more = problems.length > 5 ? `; and ${problems.length - 5} more` : '';
  return new AgentdError('invalid_project_config', `${file}: ${listed}${more} (the file's JSON Schema: schema/agentd.config.schema.json)`, {
    details: problems.map((p) => ({ path: p.key, message: p.message })),
  });
}

function semanticProblems(config: ProjectConfigFile, catalog: ConfigCatalog): ConfigProblem[] {
  const known = knownRuleIds(catalog.metas);
  const problems: ConfigProblem[] = [];
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  // Checked even when the schema found problems (each part only when it has the right shape), so one run names every mistake.
  const checkRules = (rules: unknown, at: string[]): void => {
    if (!isObject(rules)) return;
    for (const id of Object.keys(rules)) {
      const unknown = unknownRulePattern(id, known);
      if (unknown) problems.push(unknownRuleProblem(keyOf([...at, id]), id, unknown.closest));
    }
  };
  checkRules(config.rules, ['rules']);
  if (Array.isArray(config.overrides))
    config.overrides.forEach((entry, i) => checkRules((entry as { rules?: unknown } | null)?.rules, ['overrides', String(i), 'rules']));
  const checks = new Set(catalog.metas.map((m) => m.id));
  for (const [check, input] of Object.entries(isObject(config.options) ? config.options : {})) {
    if (!checks.has(`analysis.${check}`) || !isObject(input)) continue;
    for (const error of catalog.validateInput(`analysis.${check}`, input)) {
      const key = keyOf(['options', check, ...pointerSegments(error.path === '/' ? '' : error.path)]);
      problems.push({ key, message: `"${key}" ${error.message}` });
    }
  }
  if (config.profile !== undefined && !catalog.metas.some((meta) => checkTraits(meta).takesProfile)) {
    problems.push({ key: 'profile', message: `"profile" is ${shown(config.profile)}, but no check of this agentd takes a profile` });
  }
  return problems;
}

/** Parses and validates one file; throws invalid_project_config naming the file, the keys and their values. */
export function readConfigFile(file: string, catalog: ConfigCatalog): ProjectConfigFile {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentdError('invalid_project_config', `${file} is not valid JSON (${(error as Error).message}); fix the file.`, {
      cause: error,
    });
  }
  const { schema, validate } = validatorFor(catalog.metas);
  const shaped = validate(document);
  const problems = shaped ? [] : schemaProblems(validate.errors ?? [], document, schema);
  if (typeof document === 'object' && document !== null && !Array.isArray(document)) {
    const named = new Set(problems.map((p) => p.key));
    problems.push(...semanticProblems(document as ProjectConfigFile, catalog).filter((p) => !named.has(p.key)));
  }
  if (problems.length > 0) throw invalid(file, problems);
  return document as ProjectConfigFile;
}

/**
 * The configuration for a root: the nearest file (find-config.ts) or, without one, the built-in
 * defaults alone (`file` undefined, `dir` the root).
 */
export function loadProjectConfig(root: string, catalog: ConfigCatalog, walkUp = true): LoadedProjectConfig {
  const file = findConfigFile(root, walkUp);
  if (!file) return { dir: path.resolve(root), config: {} };
  const info = statSync(file);
  const signature = `${info.size}:${info.mtimeMs}`;
  const cached = cache.get(file);
  if (cached?.signature === signature) return cached.loaded;
  const loaded = { file, dir: path.dirname(file), config: readConfigFile(file, catalog) };
  cache.set(file, { signature, loaded });
  return loaded;
}
