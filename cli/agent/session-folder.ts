/**
 * Where the embedded engine keeps a project's sessions: ~/.agentd/sessions/<hash of the project
 * folder's real path>/ (one folder per project, so `--resume` and `/jobs` see that project's sessions
 * only), with a `project` file naming the folder for whoever looks inside.
 */
import { createHash } from 'node:crypto';
import { mkdir, realpath, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function sessionFolder(projectFolder: string, home: string = process.env.HOME || os.homedir()): Promise<string> {
  const real = await realpath(projectFolder);
  const folder = path.join(home, '.agentd', 'sessions', createHash('sha256').update(real).digest('hex').slice(0, 16));
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFile(path.join(folder, 'project'), `${real}\n`);
  return folder;
}
