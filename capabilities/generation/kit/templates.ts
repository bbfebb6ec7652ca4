/**
 * Templates of the generation group: real `.eta` files in `capabilities/generation/<name>/templates/`,
 * overridable per project by `.agentd/templates/<name>/<file>` in the workspace (like Nx generators'
 * and shadcn/ui's local templates). Eta compiles a template to JavaScript, so a workspace template is
 * the project's code: it is used only with the job's project-code permission; without it the bundled
 * template is used and the result says which override was ignored and why.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import type { CapabilityContext } from '../../../core/index.js';
import { AgentdError } from '../../../core/index.js';

/** The package root: this module is dist/capabilities/generation/kit/templates.js. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

// No automatic trimming: an interpolation at the end of a line keeps its newline; control tags that
// stand on their own line end with `-%>` to drop it (the EJS convention), e.g. `<% if (it.x) { -%>`.
const eta = new Eta({ autoEscape: false, autoTrim: false, useWith: false, varName: 'it' });

export interface RenderedTemplate {
  text: string;
  /** Where the template came from: agentd's bundled file or the workspace's override. */
  source: 'bundled' | 'project';
  /** The workspace path of an override that was found, used or ignored. */
  override?: string;
  /** Why an override was ignored (no project-code permission). */
  note?: string;
}

/** Workspace path of a template's per-project override. */
export function overridePath(capability: string, file: string): string {
  return `.agentd/templates/${capability}/${file}`;
}

/** Absolute path of a bundled template. */
export function bundledPath(capability: string, file: string, bundledRoot = `${PACKAGE_ROOT}capabilities/generation`): string {
  return `${bundledRoot}/${capability}/templates/${file}`;
}

async function bundledText(capability: string, file: string, bundledRoot?: string): Promise<string> {
  try {
    return await readFile(bundledPath(capability, file, bundledRoot), 'utf8');
  } catch (cause) {
    throw new AgentdError('capability_error', `generation.${capability}: the bundled template ${file} is missing from this installation`, {
      cause,
    });
  }
}

/**
 * Renders `file` of the generation capability `capability` (its folder name, e.g. "component") with
 * `data` (available as `it` in the template). Nothing is trimmed automatically: end a control tag on
 * its own line with `-%>` so the line leaves no blank line behind.
 * `bundledRoot` replaces agentd's own template folders (tests).
 */
export async function renderTemplate(
  ctx: CapabilityContext,
  capability: string,
  file: string,
  data: Record<string, unknown>,
  bundledRoot?: string,
): Promise<RenderedTemplate> {
  const override = overridePath(capability, file);
  const hasOverride = await ctx.workspace.exists(override);
  if (hasOverride && ctx.permissions.projectCode) {
    const template = await ctx.workspace.read(override);
    return { text: renderText(template, data, override), source: 'project', override };
  }
  const text = renderText(await bundledText(capability, file, bundledRoot), data, bundledPath(capability, file, bundledRoot));
  if (!hasOverride) return { text, source: 'bundled' };
  return {
    text,
    source: 'bundled',
    override,
    note: `${override} was not used: templates run code, which needs the job's project-code permission`,
  };
}

/**
 * A renderer for many files of one capability with the same `data`: each call renders one template and
 * adds what the summary should say to `notes` (a project template used, or one left unused and why).
 */
export function templateRenderer(
  ctx: CapabilityContext,
  capability: string,
  data: Record<string, unknown>,
  notes: string[],
): (file: string) => Promise<string> {
  return async (file) => {
    const rendered = await renderTemplate(ctx, capability, file, data);
    if (rendered.note) notes.push(rendered.note);
    if (rendered.source === 'project') notes.push(`used the project's template ${rendered.override}`);
    return rendered.text;
  };
}

function renderText(template: string, data: Record<string, unknown>, where: string): string {
  try {
    return eta.renderString(template, data);
  } catch (cause) {
    throw new AgentdError(
      'capability_error',
      `template ${where} failed to render: ${cause instanceof Error ? cause.message.split('\n')[0] : String(cause)}`,
      { cause },
    );
  }
}
