/**
 * debugging.fix: staged fixes for TypeScript errors where a safe one exists — a missing import of a
 * name exactly one module of this project exports, a misspelled name or property TypeScript suggests,
 * a missing `await` on a promise in an async function — taken from the TypeScript language service's
 * code fixes and verified by re-running the type-check (every tsconfig project) before and after: a
 * fix is kept only when its error goes away and no new error appears. Everything else is refused with
 * the reason. ESLint output given as the error is fixed with ESLint's own rule fixes and single
 * suggestions, run with the project's flat config in agentd's sandbox (the project's code: the
 * project-code permission), kept only when the re-lint shows the problem gone and nothing new.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { ERROR_INPUT_PROPERTIES } from './explain/error-input.js';
import { PLANNING } from './fix/planning.js';

export const meta: CapabilityMeta = {
  id: 'debugging.fix',
  group: 'debugging',
  title: 'Fix an error',
  description:
    "Stages safe fixes for TypeScript errors (missing import of a project export, misspelling, missing await) from the language service, each verified by the type-check going from failing to passing with no new error; ESLint problems (pasted ESLint output) with ESLint's own fixes, verified by re-running the project's ESLint config; refuses the rest with a reason.",
  version: '1.1.0',
  inputSchema: {
    type: 'object',
    properties: {
      ...ERROR_INPUT_PROPERTIES,
      tsconfig: { type: 'array', items: { type: 'string', minLength: 1 } },
      maxFixes: { type: 'integer', minimum: 1, maximum: 200 },
    },
    additionalProperties: false,
  },
  writes: true,
  projectCode: {
    runs: "the project's eslint.config.* and the plugins it imports, when the error is ESLint output",
    without: 'TypeScript errors are fixed as before; ESLint problems are refused with the reason',
  },
  planning: PLANNING,
};

/** The TypeScript language service is loaded on first use, so discovering capabilities (which imports every module for its meta) stays cheap. */
export async function run(input: Parameters<typeof import('./fix/run-fix.js').runFix>[0], ctx: CapabilityContext): Promise<StepResult> {
  return (await import('./fix/run-fix.js')).runFix(input, ctx);
}
