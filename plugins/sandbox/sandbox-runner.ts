/**
 * The plugin sandbox as a StepRunner (core/executor/step-runner.ts): runs third-party plugin steps —
 * tasks whose binding is a PluginBinding — in the current thread, each in its own isolated-vm isolate
 * with the plugin's CPU, wall-clock, memory and tool-call limits (run-plugin-step.ts). A task without
 * a plugin binding is refused: first-party code never runs here. The daemon reaches the same code
 * through the executor (its step worker calls bindCapability), and `agentd scan --plugin` through the
 * scan's in-process runner; this runner is that path on its own, for callers that run plugins only
 * (and for the runner contract suite).
 */
import { InProcessRunner, type InProcessRunnerOptions, type StepRunner, type StepTask } from '../../core/executor/index.js';

function isPluginTask(task: StepTask): boolean {
  const binding = task.binding as { kind?: unknown } | undefined;
  return typeof binding === 'object' && binding !== null && binding.kind === 'isolate';
}

export function createSandboxRunner(options: Omit<InProcessRunnerOptions, 'accepts'> = {}): StepRunner {
  return new InProcessRunner({
    ...options,
    accepts: (task) =>
      isPluginTask(task) ? null : `The plugin sandbox runs third-party plugin steps only; "${task.capabilityId}" has no plugin binding.`,
  });
}
