/**
 * Per-job scratch folders under `<workspace.path>/.agentd/jobs/<id>`: the job's artifacts are written
 * there. With workspace.cleanup the folder is removed when the job ends.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Artifact } from '../../core/index.js';

export function scratchFolder(workspaceBase: string, jobId: string): string {
  return path.join(workspaceBase, '.agentd', 'jobs', jobId);
}

/** Artifact names become file names; anything but word characters, dots and dashes is replaced. */
function safeName(name: string, index: number): string {
  const cleaned = name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '');
  return cleaned.length > 0 ? cleaned : `artifact-${index}`;
}

export async function writeArtifacts(folder: string, artifacts: Artifact[]): Promise<void> {
  await mkdir(folder, { recursive: true });
  await Promise.all(artifacts.map((artifact, index) => writeFile(path.join(folder, safeName(artifact.name, index)), artifact.content)));
}

export async function removeScratch(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}
