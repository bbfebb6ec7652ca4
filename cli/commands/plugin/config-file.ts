/** The configuration file `agentd plugin add/list/remove` edit: `--config <file>`, else ~/.agentd/config.json (a layer the daemon reads). */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export function configFileOf(given: string | undefined): string {
  return path.resolve(given ?? path.join(os.homedir(), '.agentd', 'config.json'));
}

export async function readConfigObject(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const value = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file} must hold a JSON object`);
  return value as Record<string, unknown>;
}

export function pluginsOf(config: Record<string, unknown>, file: string): string[] {
  const plugins = config.plugins ?? [];
  if (!Array.isArray(plugins) || plugins.some((p) => typeof p !== 'string'))
    throw new Error(`"plugins" in ${file} must be an array of strings`);
  return plugins as string[];
}

/** Writes the whole object back (2-space JSON), through a temp file and a rename. */
export async function writeConfigObject(file: string, config: Record<string, unknown>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(config, null, 2)}\n`);
  await rename(temp, file);
}

/** A configured entry as the daemon will resolve it: "./x" relative to the file's folder, names unchanged. */
export function resolvedEntry(entry: string, file: string): string {
  return entry.startsWith('./') || entry.startsWith('../') ? path.resolve(path.dirname(file), entry) : entry;
}
