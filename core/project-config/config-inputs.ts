/**
 * A check's input with the project's configuration under it: what the caller asked for (CLI flags, a
 * job's input) wins, the file fills in the rest. include: the caller's, else the file's. exclude: the
 * defaults' (generated code; test code for the checks that leave it out), the file's and the caller's
 * together (as ESLint's --ignore-pattern adds to its config's ignores). Thresholds, `options.<check>`
 * and the security `profile` go under the caller's own values.
 */
import type { CapabilityMeta } from '../contracts/index.js';
import type { LoadedProjectConfig } from './config-types.js';
import { THRESHOLD_FIELDS } from './config-schema.js';
import { rebaseGlobs } from './rebase-globs.js';
import { GENERATED_CODE_GLOBS, TEST_CODE_GLOBS } from './scan-defaults.js';

type Input = Record<string, unknown>;

/** What the configuration needs to know of a check, from its meta (project-settings.ts). */
export interface CheckTraits {
  /** Its meta.execution.testCode is `leave-out`. */
  leavesOutTestCode: boolean;
  /** Its input takes a `profile` (the configuration's top-level `profile` goes there). */
  takesProfile: boolean;
}

export const PLAIN_CHECK: CheckTraits = { leavesOutTestCode: false, takesProfile: false };

export function checkTraits(meta: CapabilityMeta): CheckTraits {
  return {
    leavesOutTestCode: meta.execution?.testCode === 'leave-out',
    takesProfile: Boolean((meta.inputSchema.properties as Record<string, unknown> | undefined)?.profile),
  };
}

/** The globs a check (or, with PLAIN_CHECK, the scan as a whole) leaves out under this configuration, before the caller's own. */
export function defaultExcludes(loaded: LoadedProjectConfig, traits: CheckTraits, rootPrefix: string): string[] {
  const { config } = loaded;
  return [
    ...(config.defaults?.generatedCode === false ? [] : GENERATED_CODE_GLOBS),
    ...(config.defaults?.testCode !== false && traits.leavesOutTestCode ? TEST_CODE_GLOBS : []),
    ...(rebaseGlobs(config.exclude, rootPrefix) ?? []),
  ];
}

function withThresholds(input: Input, check: string, values: Record<string, number> | undefined): Input {
  const fields = THRESHOLD_FIELDS[check];
  if (!values || !fields) return input;
  if (fields === 'thresholds') return { ...input, thresholds: { ...values, ...(input.thresholds as Input | undefined) } };
  const filled: Input = { ...input };
  for (const field of fields) if (filled[field] === undefined && values[field] !== undefined) filled[field] = values[field];
  return filled;
}

/**
 * `rootPrefix`: the scan root relative to the configuration's folder ("" when they are the same), for
 * rebasing the file's globs. Only analysis checks are configured; other capabilities' input is returned as is.
 */
export function configuredInput(
  loaded: LoadedProjectConfig,
  capabilityId: string,
  given: Input,
  rootPrefix: string,
  traits: CheckTraits = PLAIN_CHECK,
): Input {
  if (!capabilityId.startsWith('analysis.')) return given;
  const check = capabilityId.slice('analysis.'.length);
  const { config } = loaded;
  let input: Input = { ...(config.options?.[check] ?? {}), ...given };
  input = withThresholds(input, check, config.thresholds?.[check]);
  if (traits.takesProfile && config.profile !== undefined && input.profile === undefined) input.profile = config.profile;
  const options = config.options?.[check] as { include?: string[]; exclude?: string[] } | undefined;
  const include = (given.include as string[] | undefined) ?? rebaseGlobs(options?.include ?? config.include, rootPrefix);
  const exclude = [
    ...defaultExcludes(loaded, traits, rootPrefix),
    ...(rebaseGlobs(options?.exclude, rootPrefix) ?? []),
    ...((given.exclude as string[] | undefined) ?? []),
  ];
  // The options' own globs are relative to the file's folder: only their rebased form may reach the check.
  delete input.include;
  delete input.exclude;
  if (include?.length) input.include = include;
  if (exclude.length) input.exclude = [...new Set(exclude)];
  return input;
}
