/**
 * installAdvisories: validates an advisory file (agentd format or an OSV export), normalises it and
 * writes it atomically (temporary file + rename in the same folder) to the user's advisory location,
 * where loadAdvisories finds it. The future `agentd advisories update --from <file>` calls this.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdvisoryFile } from './advisory-types.js';
import { readAdvisoryFile } from './load-advisories.js';

export interface InstalledAdvisories {
  path: string;
  advisories: number;
  packages: number;
  generatedAt: string;
  source: string;
}

export function installAdvisories(fromFile: string, targetDir: string = path.join(os.homedir(), '.agentd')): InstalledAdvisories {
  const file: AdvisoryFile = readAdvisoryFile(path.resolve(fromFile));
  mkdirSync(targetDir, { recursive: true });
  const target = path.join(targetDir, 'advisories.json');
  const temp = path.join(targetDir, `.advisories.json.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, `${JSON.stringify(file, null, 1)}\n`, { mode: 0o644 });
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return {
    path: target,
    advisories: file.advisories.length,
    packages: new Set(file.advisories.map((a) => a.package)).size,
    generatedAt: file.generatedAt,
    source: file.source,
  };
}
