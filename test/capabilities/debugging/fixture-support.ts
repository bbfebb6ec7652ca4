/** The debugging sample projects (fixtures/debugging-samples), copied to a temp folder so nothing writes into the repository. */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../core/context/index.js';
import type { CapabilityContext, StepResult } from '../../../core/index.js';

export const SAMPLES = fileURLToPath(new URL('../../../../fixtures/debugging-samples/', import.meta.url));

export interface Sample {
  root: string;
  context(previous?: StepResult[]): Promise<CapabilityContext>;
  /** A captured error log of the sample (fixtures/debugging-samples/<name>/captured-logs/<file>). */
  log(file: string): Promise<string>;
  remove(): Promise<void>;
}

export async function copySample(name: string): Promise<Sample> {
  const root = await mkdtemp(path.join(tmpdir(), `agentd-debug-${name}-`));
  await cp(path.join(SAMPLES, name), root, { recursive: true });
  return {
    root,
    async context(previous = []) {
      return (await createLocalContext({ root, previous, limits: { maxToolCalls: 10_000 } })).ctx;
    },
    log: (file) => readFile(path.join(SAMPLES, name, 'captured-logs', file), 'utf8'),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
