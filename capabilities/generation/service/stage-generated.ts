/**
 * Staging for the API generators: support modules several resources share (service-errors,
 * api-error, request-checks) are written once and then kept as the project has them (a user may have
 * adapted them); the resource's own files go through the kit's stageFiles (never a silent overwrite).
 */
import type { CapabilityContext } from '../../../core/index.js';
import { stageFiles, type GeneratedFile, type OnExisting, type StagedFile } from '../kit/index.js';

export interface StagedResult {
  staged: StagedFile[];
  /** Shared support files that existed and were kept as they are. */
  kept: string[];
}

export async function stageGenerated(
  ctx: CapabilityContext,
  files: GeneratedFile[],
  shared: string[],
  onExisting: OnExisting = 'refuse',
): Promise<StagedResult> {
  const kept: string[] = [];
  const toStage: GeneratedFile[] = [];
  for (const file of files) {
    if (shared.includes(file.path) && (await ctx.workspace.exists(file.path))) kept.push(file.path);
    else toStage.push(file);
  }
  return { staged: await stageFiles(ctx, toStage, onExisting), kept };
}
