/**
 * A user the file permissions apply to. Root reads a `chmod 000` file anyway, so when the tests run as
 * root (as in CI containers) agentd is started as `nobody` (uid/gid 65534) over folders it may enter;
 * otherwise as the current user. Either way the mode-000 file is one agentd cannot read.
 */
import { chmod, chown, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanEnv } from '../../cli/support/agentd-process.js';

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/** Spawn options that drop root, or none. */
export const unprivileged: { uid?: number; gid?: number } = isRoot ? { uid: NOBODY, gid: NOBODY } : {};

/** A folder the unprivileged user owns (for HOME, or a workspace it creates files in). */
export async function ownedFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  if (isRoot) await chown(folder, NOBODY, NOBODY);
  return folder;
}

/** A folder root owns that the unprivileged user may read (mkdtemp makes it 0700). */
export async function readableFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(folder, 0o755);
  return folder;
}

/** The environment of an unprivileged agentd: clean, with a HOME it may write. */
export async function unprivilegedEnv(): Promise<NodeJS.ProcessEnv> {
  return cleanEnv({ HOME: await ownedFolder('agentd-nobody-home-') });
}
