/**
 * Per-job scratch folders under `<workspace.path>/.agentd/jobs/<id>`: the job's artifacts are written
 * there. With workspace.cleanup the folder is removed when the job ends. With security.encryption the
 * files are sealed like job records (`<name>.sealed`, the whole artifact encoded by the codec), so job
 * data never reaches the disk in the clear.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Artifact } from '../../core/index.js';
import type { RecordCodec } from '../security/record-codec.js';

export function scratchFolder(workspaceBase: string, jobId: string): string {
  return path.join(workspaceBase, '.agentd', 'jobs', jobId);
}

/** Artifact names become file names; anything but word characters, dots and dashes is replaced. */
function safeName(name: string, index: number): string {
  const cleaned = name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '');
  return cleaned.length > 0 ? cleaned : `artifact-${index}`;
}

export async function writeArtifacts(folder: string, artifacts: Artifact[], codec?: RecordCodec): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await Promise.all(
    artifacts.map((artifact, index) => {
      const name = safeName(artifact.name, index);
      if (codec?.encrypts) return writeFile(path.join(folder, `${name}.sealed`), codec.encode(artifact), { mode: 0o600 });
      return writeFile(path.join(folder, name), artifact.content);
    }),
  );
}

export async function removeScratch(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}
