/**
 * The in-memory file system of an extraction, with the workspace's node_modules visible read-only:
 * what TypeScript asks for under a `node_modules` folder (type roots, package.json files, declaration
 * files) is read from the real disk at that place in the workspace, lazily, file by file, as the
 * compiler resolves it. That is what the project's own tsconfig sees, so a parameter or return value
 * whose type comes from a dependency (express's Request, node:fs's Stats) gets its real type instead
 * of an unresolved one. Nothing is ever written there: writes stay in memory like every other edit,
 * and only declaration files and JSON (manifests, shared tsconfigs) are served (never a dependency's JavaScript).
 * The workspace's own files still come only through `ctx.workspace` (loadTsProject writes them in).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { InMemoryFileSystemHost, type RuntimeDirEntry } from 'ts-morph';

const SERVED = /(\.d\.[cm]?ts|\.json)$/;

export class DependencyTypesHost extends InMemoryFileSystemHost {
  readonly #root: string;

  /** `root`: the workspace's folder on disk, the in-memory "/". */
  constructor(root: string) {
    super();
    this.#root = root;
  }

  /** The real path of an in-memory path inside some node_modules folder, else undefined. */
  #onDisk(projectPath: string): string | undefined {
    const parts = projectPath.split('/');
    if (!parts.includes('node_modules') || parts.includes('..')) return undefined;
    return path.join(this.#root, ...parts);
  }

  #stat(projectPath: string): ReturnType<typeof statSync> | undefined {
    const real = this.#onDisk(projectPath);
    return real === undefined ? undefined : statSync(real, { throwIfNoEntry: false });
  }

  override fileExistsSync(filePath: string): boolean {
    if (this.#onDisk(filePath) === undefined) return super.fileExistsSync(filePath);
    return SERVED.test(filePath) && this.#stat(filePath)?.isFile() === true;
  }

  override fileExists(filePath: string): Promise<boolean> {
    return Promise.resolve(this.fileExistsSync(filePath));
  }

  override directoryExistsSync(dirPath: string): boolean {
    if (this.#onDisk(dirPath) === undefined) return super.directoryExistsSync(dirPath);
    return this.#stat(dirPath)?.isDirectory() === true;
  }

  override directoryExists(dirPath: string): Promise<boolean> {
    return Promise.resolve(this.directoryExistsSync(dirPath));
  }

  override readFileSync(filePath: string, encoding = 'utf-8'): string {
    const real = this.#onDisk(filePath);
    // Not on disk: the in-memory host throws the FileNotFoundError ts-morph expects (it holds no such file).
    if (real === undefined || !this.fileExistsSync(filePath)) return super.readFileSync(filePath, encoding);
    return readFileSync(real, 'utf8');
  }

  override readFile(filePath: string, encoding = 'utf-8'): Promise<string> {
    try {
      return Promise.resolve(this.readFileSync(filePath, encoding));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  override readDirSync(dirPath: string): RuntimeDirEntry[] {
    const real = this.#onDisk(dirPath);
    if (real === undefined || !this.directoryExistsSync(dirPath)) return super.readDirSync(dirPath);
    return readdirSync(real, { withFileTypes: true }).map((entry) => {
      const name = `${dirPath.replace(/\/$/, '')}/${entry.name}`;
      // A symlinked package (npm link, workspaces) counts as what it points to.
      const target = entry.isSymbolicLink() ? statSync(path.join(real, entry.name), { throwIfNoEntry: false }) : entry;
      return { name, isDirectory: target?.isDirectory() === true, isFile: target?.isFile() === true, isSymlink: entry.isSymbolicLink() };
    });
  }
}
