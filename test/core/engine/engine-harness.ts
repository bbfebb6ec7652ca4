/**
 * What the engine tests share: the registry of test capabilities (loaded by the real registry from
 * the flat folder test/support/capabilities), temp workspaces, requests and event capture.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineEvent, Limits, PipelineStep, RunRequest } from '../../../core/contracts/index.js';
import { loadRegistry, type CapabilityRegistry } from '../../../core/registry/index.js';
import { createEngine, type PipelineEngine } from '../../../core/engine/index.js';

export const TEST_CAPABILITIES_DIR = fileURLToPath(new URL('../../support/capabilities/', import.meta.url));

export function loadTestRegistry(): Promise<CapabilityRegistry> {
  return loadRegistry({ roots: [], flat: [TEST_CAPABILITIES_DIR] });
}

/** A temp workspace holding `files`; remove it with the returned cleanup. */
export async function makeWorkspace(files: Record<string, string> = {}): Promise<{ root: string; cleanup(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'agentd-engine-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export const GENEROUS_LIMITS: Limits = { maxMemoryMB: 256, maxExecutionTimeMin: 5, maxToolCalls: 100 };

let jobCounter = 0;

export function request(
  root: string,
  steps: PipelineStep[],
  overrides: Omit<Partial<RunRequest>, 'limits'> & { limits?: Partial<Limits> } = {},
): RunRequest {
  const { limits, ...rest } = overrides;
  return { jobId: `job-${++jobCounter}`, steps, root, apply: false, ...rest, limits: { ...GENEROUS_LIMITS, ...limits } };
}

/** Records every event, so a test can assert on their order and content. */
export class EventLog {
  readonly events: EngineEvent[] = [];
  readonly listener = (event: EngineEvent): void => {
    this.events.push(event);
  };

  ofType<T extends EngineEvent['type']>(type: T): Extract<EngineEvent, { type: T }>[] {
    return this.events.filter((event): event is Extract<EngineEvent, { type: T }> => event.type === type);
  }

  stepStatuses(): string[] {
    return this.ofType('step').map((event) => `${event.index}:${event.status}`);
  }
}

/**
 * Registers mocha hooks for one warm engine over the test capabilities and a fresh workspace holding
 * `files` per test; read them through the getters inside tests.
 */
export function useEngineAndWorkspace(files: Record<string, string>): { engine(): PipelineEngine; root(): string } {
  let engine: PipelineEngine;
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
  before(async function () {
    engine = createEngine({ registry: await loadTestRegistry() });
    await engine.start();
  });
  beforeEach(async function () {
    workspace = await makeWorkspace(files);
  });
  afterEach(async function () {
    await workspace.cleanup();
  });
  after(async function () {
    await engine.close();
  });
  return { engine: () => engine, root: () => workspace.root };
}
