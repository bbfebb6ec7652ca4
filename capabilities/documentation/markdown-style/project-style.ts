/**
 * Written Markdown in the project's Prettier style when the project has a Prettier config, so its
 * `prettier --check .` stays clean after a docs step (the build workflow's docs/api.md and
 * docs/examples.md were not); without a config the text stays as rendered. A config that runs code
 * (a JS config, plugins) is used only with the project-code permission — tools.format refuses it
 * otherwise — so without the permission the text stays as rendered too.
 */
import type { CapabilityContext } from '../../../core/index.js';

export async function inProjectStyle(ctx: CapabilityContext, file: string, text: string): Promise<string> {
  const prettier = ctx.project.codeStyle.prettier;
  if (!prettier || (prettier.runsCode && !ctx.permissions.projectCode)) return text;
  return ctx.tools.format(file, text);
}
