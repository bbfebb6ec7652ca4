/**
 * Keeping a reviewer's formatter happy: when the project has a Prettier config, every file a
 * refactoring changes that was clean under it before (Prettier would not have changed it) is formatted
 * with it after the edit, so the diff passes the project's `prettier --check`. A file that was not clean
 * before is left as the refactoring wrote it (formatting it would put unrelated lines in the diff); a
 * new file is formatted. Formatting goes through `ctx.tools.format`: a data config (JSON, YAML,
 * .prettierrc, package.json "prettier") is read in-process with agentd's Prettier; a JS/TS config or
 * plugins run only in the sandbox with the project-code permission — without it nothing is formatted
 * and the note says so. Without a Prettier config nothing is formatted here: the edits follow the
 * file's own style (file-style.ts).
 */
import { isAgentdError, type CapabilityContext } from '../../../core/index.js';

const FORMATTED = /\.(?:[cm]?[jt]sx?)$/;

export interface FormatReport {
  /** Files whose new text Prettier changed. */
  formatted: string[];
  /** Changed files left alone because they were not Prettier-clean before the change. */
  notCleanBefore: string[];
  /** A sentence for the summary ('' when there is nothing to say). */
  note: string;
}

/**
 * Formats `changed` (workspace-relative path -> new text; null: deleted) in place. `originals`: the
 * texts before the change (absent: a new file).
 */
export async function formatChanges(
  ctx: CapabilityContext,
  originals: Map<string, string>,
  changed: Map<string, string | null>,
): Promise<FormatReport> {
  const report: FormatReport = { formatted: [], notCleanBefore: [], note: '' };
  const config = ctx.project.codeStyle.prettier;
  if (!config) return report;
  const failed: string[] = [];
  for (const [rel, text] of changed) {
    if (text === null || !FORMATTED.test(rel) || originals.get(rel) === text) continue;
    try {
      const original = originals.get(rel);
      if (original !== undefined && (await ctx.tools.format(rel, original)) !== original) {
        report.notCleanBefore.push(rel);
        continue;
      }
      const formatted = await ctx.tools.format(rel, text);
      if (formatted !== text) {
        changed.set(rel, formatted);
        report.formatted.push(rel);
      }
    } catch (error) {
      if (isAgentdError(error) && error.code === 'project_code_not_allowed') {
        report.note = ` The project's Prettier config "${config.configFile}" runs code (a JS/TS config or plugins) and project code is not allowed for this job, so it was not applied: the changed files follow the file's own style instead.`;
        return report;
      }
      failed.push(`${rel} (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    }
  }
  const parts: string[] = [];
  if (report.formatted.length > 0)
    parts.push(`Formatted ${report.formatted.length} changed file(s) with the project's Prettier config "${config.configFile}".`);
  if (report.notCleanBefore.length > 0)
    parts.push(`Not formatted (not Prettier-clean before the change): ${[...report.notCleanBefore].sort().join(', ')}.`);
  if (failed.length > 0) parts.push(`Prettier could not format: ${failed.join('; ')}.`);
  report.note = parts.length > 0 ? ` ${parts.join(' ')}` : '';
  return report;
}
