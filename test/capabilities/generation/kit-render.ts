/** renderTemplate against a bundled template folder written for the test in a temp dir. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CapabilityContext } from '../../../core/index.js';
import { renderTemplate, type RenderedTemplate } from '../../../capabilities/generation/kit/index.js';

export async function renderTemplateText(ctx: CapabilityContext, file: string, data: Record<string, unknown>): Promise<RenderedTemplate> {
  const bundledRoot = await mkdtemp(path.join(tmpdir(), 'agentd-templates-'));
  await mkdir(path.join(bundledRoot, 'sample', 'templates'), { recursive: true });
  await writeFile(path.join(bundledRoot, 'sample', 'templates', file), 'Hello, <%= it.name %>!\n');
  try {
    return await renderTemplate(ctx, 'sample', file, data, bundledRoot);
  } finally {
    await rm(bundledRoot, { recursive: true, force: true });
  }
}
