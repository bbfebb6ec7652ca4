/**
 * A workspace view over another one whose writes stay its own: what `ctx.invoke(id, input, { dryRun:
 * true })` gives the invoked capability, so a caller can see whether a writing capability accepts an
 * input and what it would change without staging anything in its own overlay (refactoring.suggest
 * tries each suggestion this way). Reads see the parent's view (its overlay included) under this
 * view's own writes; `changes()` is the parent's merged with these; `ownChanges()` is these alone.
 */
import { AgentdError } from '../errors/index.js';
import type { Change, ListOptions, ReadManyResult, SkippedFile, WorkspaceView } from '../contracts/index.js';
import { buildChange } from './change-set.js';
import { normalizeRelPath } from './confine-path.js';
import { listFilter } from './list-files.js';

interface Entry {
  /** What the parent's view held before the first write here (null: no such file). */
  before: string | null;
  after: string | null;
}

export class ForkedWorkspace implements WorkspaceView {
  readonly root: string;
  private readonly own = new Map<string, Entry>();

  constructor(private readonly parent: WorkspaceView) {
    this.root = parent.root;
  }

  async read(path: string): Promise<string> {
    const entry = this.own.get(normalizeRelPath(path));
    if (!entry) return this.parent.read(path);
    if (entry.after === null) throw notFound(path);
    return entry.after;
  }

  readLockFile(path: string): Promise<string> {
    if (!this.parent.readLockFile) throw new AgentdError('invalid_input', 'This workspace view cannot read lock files.');
    return this.parent.readLockFile(path);
  }

  readDeclarationFile(path: string): Promise<string> {
    const entry = this.own.get(normalizeRelPath(path));
    if (entry) return entry.after === null ? Promise.reject(notFound(path)) : Promise.resolve(entry.after);
    if (!this.parent.readDeclarationFile)
      throw new AgentdError('invalid_input', 'This workspace view cannot read large declaration files.');
    return this.parent.readDeclarationFile(path);
  }

  async readMany(paths: string[]): Promise<ReadManyResult> {
    const result: ReadManyResult = { files: [], skipped: [] };
    const fromParent = paths.filter((p) => !this.own.has(normalizeRelPath(p)));
    const read = fromParent.length > 0 ? await this.parent.readMany(fromParent) : result;
    const byPath = new Map(read.files.map((f) => [f.path, f.content]));
    for (const path of paths) {
      const rel = normalizeRelPath(path);
      const entry = this.own.get(rel);
      if (entry?.after != null) result.files.push({ path: rel, content: entry.after });
      else if (entry) result.skipped.push({ path, code: 'file_not_found', message: notFound(path).message });
      else if (byPath.has(rel)) result.files.push({ path: rel, content: byPath.get(rel)! });
    }
    if (read !== result) result.skipped.push(...read.skipped);
    return result;
  }

  async exists(path: string): Promise<boolean> {
    const entry = this.own.get(normalizeRelPath(path));
    return entry ? entry.after !== null : this.parent.exists(path);
  }

  async list(options?: ListOptions): Promise<string[]> {
    const files = new Set(await this.parent.list(options));
    const keep = listFilter(options);
    for (const [rel, entry] of this.own) {
      if (entry.after === null) files.delete(rel);
      else if (keep(rel)) files.add(rel);
    }
    return [...files].sort();
  }

  refused(options?: ListOptions): SkippedFile[] {
    return this.parent.refused?.(options) ?? [];
  }

  async write(path: string, content: string): Promise<void> {
    await this.stage(path, content);
  }

  async delete(path: string): Promise<void> {
    if (!(await this.exists(path))) throw notFound(path);
    await this.stage(path, null);
  }

  /** The parent's changes, with this view's writes laid over them (diffs against the disk). */
  changes(): Change[] {
    const merged = new Map(this.parent.changes().map((c) => [c.path, c]));
    for (const [rel, entry] of this.own) {
      const disk = merged.has(rel) ? (merged.get(rel)!.before ?? null) : entry.before;
      const change = buildChange(rel, disk, entry.after);
      if (change) merged.set(rel, change);
      else merged.delete(rel);
    }
    return [...merged.values()];
  }

  /** What this view's writes change against the parent's view. */
  ownChanges(): Change[] {
    return [...this.own].map(([rel, e]) => buildChange(rel, e.before, e.after)).filter((c): c is Change => c !== null);
  }

  private async stage(path: string, content: string | null): Promise<void> {
    const rel = normalizeRelPath(path);
    const known = this.own.get(rel);
    const before = known ? known.before : (await this.parent.exists(rel)) ? await this.parent.read(rel) : null;
    this.own.set(rel, { before, after: content });
  }
}

function notFound(path: string): AgentdError {
  return new AgentdError('file_not_found', `File "${path}" does not exist in the workspace; check the path or list() the files.`);
}
