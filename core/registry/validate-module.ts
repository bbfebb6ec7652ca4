/**
 * The chain of small checks a capability module passes before it is registered (shape -> meta schema
 * -> id/group consistency -> inputSchema compiles). Each failure is one AgentdError('invalid_capability')
 * whose message names the module path and the problem.
 */
import type { ValidateFunction } from 'ajv';
import { CAPABILITY_GROUPS, type CapabilityGroup, type CapabilityMeta } from '../contracts/index.js';
import { AgentdError, ERROR_CATALOGUE } from '../errors/index.js';
import type { InputValidators } from './input-validators.js';

export interface ValidatedModule {
  meta: CapabilityMeta;
  validate: ValidateFunction;
}

function refuse(modulePath: string, problem: string, fix: string, cause?: unknown): never {
  throw new AgentdError(
    'invalid_capability',
    `Capability module "${modulePath}" ${problem}; ${fix}.`,
    cause === undefined ? {} : { cause },
  );
}

export function isCapabilityGroup(name: string): name is CapabilityGroup {
  return (CAPABILITY_GROUPS as readonly string[]).includes(name);
}

/** `folderGroup` is the group folder the module was found in, or undefined for a module registered on its own. */
export function validateModule(
  modulePath: string,
  exports: Record<string, unknown>,
  validators: InputValidators,
  folderGroup: CapabilityGroup | undefined,
): ValidatedModule {
  if (exports.meta === undefined)
    refuse(modulePath, 'does not export "meta"', 'export const meta = { id, group, title, description, version, inputSchema, writes }');
  if (typeof exports.run !== 'function')
    refuse(modulePath, 'does not export a "run" function', 'export async function run(input, ctx) returning a StepResult');
  if (exports.perFile !== undefined && typeof exports.perFile !== 'function')
    refuse(modulePath, 'exports a "perFile" that is not a function', 'export function perFile(file, ctx, input), or leave it out');
  const problems = validators.metaProblems(exports.meta);
  if (problems.length > 0) {
    const listed = problems.map((p) => `${p.path} ${p.message}`).join('; ');
    refuse(modulePath, `has an invalid meta (${listed})`, 'fix those meta fields');
  }
  const meta = exports.meta as CapabilityMeta;
  try {
    structuredClone(meta);
  } catch (error) {
    refuse(
      modulePath,
      'has a meta that is not plain data (it must be cloneable into a worker)',
      'keep functions and class instances out of meta',
      error,
    );
  }
  if (!meta.id.startsWith(`${meta.group}.`)) {
    refuse(modulePath, `declares /meta/id "${meta.id}" outside its /meta/group "${meta.group}"`, `name it "${meta.group}.<name>"`);
  }
  for (const { code } of meta.errors ?? []) {
    const name = meta.id.slice(meta.group.length + 1).replace(/-/g, '_');
    if (!code.startsWith(`${meta.group}_`) && !code.startsWith(`${name}_`))
      refuse(modulePath, `declares the error code "${code}" outside its namespace`, `start it with "${meta.group}_" or "${name}_"`);
    if (code in ERROR_CATALOGUE)
      refuse(
        modulePath,
        `declares the error code "${code}", which agentd's own catalogue already has`,
        "throw the catalogue's code or pick another name",
      );
  }
  if (folderGroup !== undefined && meta.group !== folderGroup) {
    refuse(
      modulePath,
      `declares /meta/group "${meta.group}" but lives in the "${folderGroup}" folder`,
      `move it to capabilities/${meta.group}/ or set group to "${folderGroup}"`,
    );
  }
  let validate: ValidateFunction;
  try {
    validate = validators.compile(meta.inputSchema);
  } catch (error) {
    refuse(
      modulePath,
      `has an invalid /meta/inputSchema (${(error as Error).message})`,
      'make inputSchema a valid JSON Schema (draft-07)',
      error,
    );
  }
  return { meta, validate };
}
