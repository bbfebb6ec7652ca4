/** Test plugins written to a temp folder (real files, real isolates) and a workspace to run them on. */
import { mkdtemp, mkdir, writeFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../core/context/local-context.js';
import type { StepResult } from '../../../core/index.js';
import { DEFAULT_PLUGIN_LIMITS, type PluginBinding, type PluginLimits, type PluginPermissions } from '../../../plugins/sandbox/binding.js';
import { runPluginStep } from '../../../plugins/sandbox/run-plugin-step.js';

/** A workspace with a source file, a secret next to it (outside the root) and a symlink leading out. */
export async function abuseWorkspace(): Promise<string> {
  const base = await mkdtemp(path.join(tmpdir(), 'agentd-plugin-ws-'));
  const root = path.join(base, 'root');
  await mkdir(path.join(root, 'src'), { recursive: true });
  await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  await writeFile(path.join(base, 'secret.txt'), 'TOP SECRET\n');
  await symlink(path.join(base, 'secret.txt'), path.join(root, 'src', 'link.txt'));
  // Inside the workspace, but a way from docs/ (readable) to src/ (not, for a plugin that may read docs/** only).
  await mkdir(path.join(root, 'docs'));
  await writeFile(path.join(root, 'docs', 'readme.md'), '# docs\n');
  await symlink(path.join('..', 'src', 'a.ts'), path.join(root, 'docs', 'code.ts'));
  return root;
}

/** Writes `body` as the run() of capability "analysis.case" in a plugin entry module; returns its binding. */
export async function pluginWith(
  body: string,
  options: { permissions?: Partial<PluginPermissions>; limits?: Partial<PluginLimits>; header?: string } = {},
): Promise<PluginBinding> {
  const folder = await mkdtemp(path.join(tmpdir(), 'agentd-plugin-'));
  const entry = path.join(folder, 'index.js');
  await writeFile(
    entry,
    `import { defineCapability, finding } from '@agentd/cli/sdk';\n${options.header ?? ''}\nexport const capabilities = {\n  'analysis.case': defineCapability({\n    async run(input, ctx) {\n${body}\n    },\n  }),\n};\n`,
  );
  return {
    kind: 'isolate',
    plugin: 'test-plugin',
    version: '1.0.0',
    entry,
    capability: 'analysis.case',
    id: 'test/analysis.case',
    permissions: { read: ['**'], writes: false, tools: [], ...options.permissions },
    limits: { ...DEFAULT_PLUGIN_LIMITS, cpuMs: 1_000, wallMs: 5_000, ...options.limits },
  };
}

export async function runIn(
  root: string,
  binding: PluginBinding,
  input: unknown = {},
  signal?: AbortSignal,
): Promise<{ result: StepResult; staged: ReturnType<Awaited<ReturnType<typeof createLocalContext>>['staged']> }> {
  const handle = await createLocalContext({ root, limits: { maxToolCalls: 10_000 }, ...(signal ? { signal } : {}) });
  const result = await runPluginStep(binding, input, handle.ctx);
  return { result, staged: handle.staged() };
}

/** The error code a run ends with (or "ok"). */
export async function codeOf(root: string, binding: PluginBinding, input: unknown = {}): Promise<string> {
  try {
    await runIn(root, binding, input);
    return 'ok';
  } catch (error) {
    return String((error as { code?: unknown }).code ?? `uncoded: ${String(error)}`);
  }
}
