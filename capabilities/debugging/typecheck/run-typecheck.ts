/** The whole type-check of a workspace, for debugging.typecheck and for debugging.fix's before/after verification. */
import type { CapabilityContext } from '../../../core/index.js';
import { checkProjects, type CheckResult } from './check-projects.js';
import { ConfinedFiles } from './confined-host.js';
import { configFiles, loadProjects } from './find-projects.js';

export interface TypecheckRun extends CheckResult {
  configs: string[];
  files: ConfinedFiles;
}

export async function runTypecheck(
  ctx: CapabilityContext,
  options: { tsconfig?: string[]; overlay?: Map<string, string | null> } = {},
): Promise<TypecheckRun> {
  const configs = await configFiles(ctx, options.tsconfig);
  const files = new ConfinedFiles(ctx.workspace.root, options.overlay);
  const projects = loadProjects(files, configs);
  return { ...checkProjects(files, projects, ctx.signal), configs, files };
}
