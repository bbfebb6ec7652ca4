/**
 * `createCapabilityContext`: what the step worker hands a capability — the workspace view over the
 * overlay, the (cached) project context, the counted tools, earlier results, log/progress and the signal.
 */
import type { CapabilityContext, ContextHandle, ContextOptions, CreateCapabilityContext, LogLevel } from '../contracts/index.js';
import { getProjectContext } from '../project/cached-project.js';
import { openWorkspace } from '../workspace/overlay-workspace.js';
import { buildTools } from './build-tools.js';
import { invokeFunction } from './invoke.js';

export const createCapabilityContext: CreateCapabilityContext = async (options: ContextOptions): Promise<ContextHandle> => {
  const { budget, signal } = options;
  const checkpoint = (): void => {
    options.interrupted?.();
    signal.throwIfAborted();
  };
  const workspace = await openWorkspace({
    root: options.root,
    staged: options.staged,
    ...(options.walk ? { walk: options.walk } : {}),
    onAccess: (what) => {
      checkpoint();
      budget.count(what);
    },
  });
  // Each step gets its own copy: the cached context is shared by every job of the thread.
  const project = structuredClone(await getProjectContext(workspace.root, options.walk));
  const permissions = Object.freeze({ ...options.permissions });
  const tools = buildTools({ workspace, project, budget, signal, checkpoint, permissions, maxMemoryMB: options.maxMemoryMB });
  const ctx: CapabilityContext = {
    jobId: options.jobId,
    stepIndex: options.stepIndex,
    workspace,
    project,
    tools,
    permissions,
    previous: options.previous,
    signal,
    log: (level: LogLevel, message: string) => options.onLog(level, String(message)),
    progress: (percent: number, message?: string) => {
      const bounded = Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;
      options.onProgress(bounded, message);
    },
    invoke: invokeFunction(() => ctx, options.invoke, options.invoke ? [options.invoke.capabilityId] : [], options.invoke?.composes ?? []),
  };
  return { ctx, staged: () => workspace.staged() };
};
