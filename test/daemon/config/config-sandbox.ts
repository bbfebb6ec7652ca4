import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type LoadConfigOptions, type LoadedConfig } from '../../../daemon/config/index.js';
import { AgentdError } from '../../../core/errors/index.js';

/**
 * A temporary root standing in for the machine: an /etc-like file, a home folder and a working
 * folder, so tests exercise every layer with real files and never read the real ~/.agentd.
 */
export class ConfigSandbox {
  readonly root = mkdtempSync(path.join(os.tmpdir(), 'agentd-config-'));
  readonly etcPath = path.join(this.root, 'etc', 'agentd', 'config.json');
  readonly homeDir = path.join(this.root, 'home');
  readonly cwd = path.join(this.root, 'cwd');

  constructor() {
    mkdirSync(this.homeDir, { recursive: true });
    mkdirSync(this.cwd, { recursive: true });
  }

  writeEtc(content: unknown): void {
    this.write(this.etcPath, content);
  }

  writeHome(content: unknown): void {
    this.write(path.join(this.homeDir, '.agentd', 'config.json'), content);
  }

  /** Writes a file under the sandbox (objects as JSON, strings verbatim) and returns its absolute path. */
  writeFile(relative: string, content: unknown): string {
    const file = path.join(this.root, relative);
    this.write(file, content);
    return file;
  }

  load(options: LoadConfigOptions = {}): LoadedConfig {
    return loadConfig({ env: {}, etcPath: this.etcPath, homeDir: this.homeDir, cwd: this.cwd, ...options });
  }

  /** The AgentdError loading throws; fails the test when loading succeeds. */
  loadError(options: LoadConfigOptions = {}): AgentdError {
    try {
      this.load(options);
    } catch (error) {
      if (error instanceof AgentdError) return error;
      throw error;
    }
    throw new Error('expected loadConfig to fail');
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  private write(file: string, content: unknown): void {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
}
