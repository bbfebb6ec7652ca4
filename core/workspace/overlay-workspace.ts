/**
 * The WorkspaceView a capability gets: reads go to the overlay first and then to the disk, writes and
 * deletes only ever reach the overlay. What the disk held is remembered per staged path so
 * `changes()` can stay synchronous.
 */
import type { Change, ListOptions, ReadManyResult, SkippedFile, StagedEntry, WorkspaceView } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import { buildChange } from './change-set.js';
import { join, sep } from 'node:path';
import { confinePath, normalizeRelPath, realRoot, type ConfinedPath } from './confine-path.js';
import { listFilter, rootIgnoreRules, walkTextFilesWithSignatures, type Refusal, type RootWalker } from './list-files.js';
import { assertDeclarationFile, MAX_DECLARATION_FILE_BYTES } from './declaration-files.js';
import { assertLockFile } from './lock-files.js';
import { readTextCached } from './read-cache.js';
import { assertWritableText, MAX_LOCK_FILE_BYTES, readTextOrNull } from './text-file.js';

export interface WorkspaceOptions {
  root: string;
  /** The overlay left by earlier steps. */
  staged?: StagedEntry[];
  /** Called before every counted access ("read", "list"); may throw (the tool budget does). */
  onAccess?: (what: string) => void;
  /** How list() walks the root; default: a fresh walk each time. A scan shares one (list-files.ts walkOnce). */
  walk?: RootWalker;
}

interface OverlayEntry {
  /** What the disk held when the path was first staged (null: absent). */
  before: string | null;
  after: string | null;
}

function notFound(path: string): AgentdError {
  return new AgentdError('file_not_found', `File "${path}" does not exist in the workspace; check the path or list() the files.`);
}

export class OverlayWorkspace implements WorkspaceView {
  private readonly overlay = new Map<string, OverlayEntry>();
  /**
   * The files this view's latest list() walked, with their stat signatures. The walk confined each one
   * (list-files.ts), so reading one of them right after needs no realpath and no second stat: a
   * step that lists and then reads every file pays one stat per file, not four system calls.
   */
  private walked = new Map<string, string | undefined>();
  /** What the latest list()'s walk left out for a reason worth reporting (over 100 KB, unreadable folders). */
  private refusedByWalk: ReadonlyMap<string, Refusal> = new Map();

  private constructor(
    readonly root: string,
    private readonly onAccess: (what: string) => void,
    private readonly walk: RootWalker,
  ) {}

  /** Opens a view on `root` (resolved to its real path) with the given overlay. */
  static async open(options: WorkspaceOptions): Promise<OverlayWorkspace> {
    const view = new OverlayWorkspace(
      await realRoot(options.root),
      options.onAccess ?? (() => undefined),
      options.walk ?? walkTextFilesWithSignatures,
    );
    for (const entry of options.staged ?? []) await view.stage(entry.path, entry.content);
    return view;
  }

  async read(path: string): Promise<string> {
    this.onAccess('read');
    return this.readUncounted(path);
  }

  /** A dependency lock file up to 20 MB, as one counted access (lock-files.ts says why). */
  async readLockFile(path: string): Promise<string> {
    this.onAccess('readLockFile');
    const { rel, abs } = await confinePath(this.root, path);
    assertLockFile(rel);
    const staged = this.overlay.get(rel);
    const content = staged ? staged.after : await readTextOrNull(rel, abs, MAX_LOCK_FILE_BYTES);
    if (content === null) throw notFound(rel);
    return content;
  }

  /** A TypeScript declaration file up to 5 MB, as one counted access (declaration-files.ts says why). */
  async readDeclarationFile(path: string): Promise<string> {
    this.onAccess('readDeclarationFile');
    const { rel, abs } = await confinePath(this.root, path);
    assertDeclarationFile(rel);
    const staged = this.overlay.get(rel);
    const content = staged ? staged.after : await readTextOrNull(rel, abs, MAX_DECLARATION_FILE_BYTES);
    if (content === null) throw notFound(rel);
    return content;
  }

  /** Reads many files as one counted access; unreadable ones (binary, too large, missing) come back in `skipped`. */
  async readMany(paths: string[]): Promise<ReadManyResult> {
    this.onAccess('readMany');
    const result: ReadManyResult = { files: [], skipped: [] };
    for (const path of paths) {
      try {
        const { rel, content } = await this.readConfined(path);
        result.files.push({ path: rel, content });
      } catch (error) {
        if (!(error instanceof AgentdError) || error.code === 'workspace_escape') throw error;
        result.skipped.push({ path, code: error.code, message: error.message });
      }
    }
    return result;
  }

  /** A read that is not counted against the budget: for tools (parse) that count their own call. */
  async readUncounted(path: string): Promise<string> {
    return (await this.readConfined(path)).content;
  }

  /** An uncounted read that also says where the file is (its confined relative and absolute paths). */
  async readConfined(path: string): Promise<ConfinedPath & { content: string }> {
    // A path as the latest walk listed it is normalised and confined already: no lexical check again.
    const listed = this.walked.get(path);
    const lexical = listed !== undefined ? path : normalizeRelPath(path);
    const walkedSignature = listed ?? this.walked.get(lexical);
    if (walkedSignature !== undefined && !this.overlay.has(lexical)) {
      const abs = sep === '/' && !this.root.endsWith('/') ? `${this.root}/${lexical}` : join(this.root, ...lexical.split('/'));
      try {
        const content = await readTextCached(lexical, abs, walkedSignature);
        if (content === null) throw notFound(lexical);
        return { rel: lexical, abs, content };
      } catch (error) {
        // Replaced by a symlink or a directory since the walk: confine it again below.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ELOOP' && code !== 'EISDIR') throw error;
        this.walked.delete(lexical);
      }
    }
    const { rel, abs } = await confinePath(this.root, path);
    const staged = this.overlay.get(rel);
    const content = staged ? staged.after : await readTextCached(rel, abs);
    if (content === null) throw notFound(rel);
    return { rel, abs, content };
  }

  async exists(path: string): Promise<boolean> {
    const { rel, abs } = await confinePath(this.root, path);
    const staged = this.overlay.get(rel);
    if (staged) return staged.after !== null;
    try {
      return (await readTextOrNull(rel, abs)) !== null;
    } catch (error) {
      // A file that exists but may not be read (binary, too large) still exists.
      if (error instanceof AgentdError && (error.code === 'binary_file' || error.code === 'file_too_large')) return true;
      if (error instanceof AgentdError && error.code === 'file_not_found') return false;
      throw error;
    }
  }

  async list(options: ListOptions = {}): Promise<string[]> {
    this.onAccess('list');
    const keep = listFilter(options);
    const ignored = await rootIgnoreRules(this.root);
    // A copy: readConfined forgets entries that turned out not to be regular files, and a shared walk is not this view's to edit.
    const walked = this.walk(this.root);
    this.walked = new Map(walked);
    this.refusedByWalk = walked.refused ?? new Map();
    const files = new Set(this.walked.keys());
    for (const [rel, entry] of this.overlay) {
      if (entry.after === null) files.delete(rel);
      else if (!ignored(rel)) files.add(rel);
    }
    return [...files].filter(keep).sort();
  }

  /**
   * What the latest list() left out although it matched `options`: files over 100 KB and folders that
   * could not be read (their paths end with "/"), each with the reason. Staged files are readable.
   */
  refused(options: ListOptions = {}): SkippedFile[] {
    const fileFilter = listFilter(options);
    const folderFilter = listFilter({ include: options.include, exclude: options.exclude });
    const out: SkippedFile[] = [];
    for (const [path, refusal] of this.refusedByWalk) {
      const keep = path.endsWith('/') ? folderFilter(path) : fileFilter(path) && !this.overlay.has(path);
      if (keep) out.push({ path, ...refusal });
    }
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  async write(path: string, content: string): Promise<void> {
    assertWritableText(path, content);
    await this.stage(path, content);
  }

  async delete(path: string): Promise<void> {
    const { rel } = await confinePath(this.root, path);
    if (!(await this.exists(rel))) throw notFound(rel);
    await this.stage(rel, null);
  }

  changes(): Change[] {
    const changes: Change[] = [];
    for (const [rel, entry] of this.overlay) {
      const change = buildChange(rel, entry.before, entry.after);
      if (change) changes.push(change);
    }
    return changes;
  }

  /** The overlay as plain data, for the next step. */
  staged(): StagedEntry[] {
    return [...this.overlay].map(([path, entry]) => ({ path, content: entry.after }));
  }

  private async stage(path: string, content: string | null): Promise<void> {
    const { rel, abs } = await confinePath(this.root, path);
    this.refuseUnderStagedFile(rel);
    const known = this.overlay.get(rel);
    // The disk content must be readable text: it is what apply verifies and rollback restores.
    const before = known ? known.before : await readTextOrNull(rel, abs);
    this.overlay.set(rel, { before, after: content });
  }

  private refuseUnderStagedFile(rel: string): void {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i += 1) {
      const parent = parts.slice(0, i).join('/');
      if (this.overlay.get(parent)?.after != null) {
        throw new AgentdError('file_not_found', `Cannot stage "${rel}": "${parent}" is a staged file, not a directory; pick another path.`);
      }
    }
  }
}

/** Opens the workspace view of a job step. */
export function openWorkspace(options: WorkspaceOptions): Promise<OverlayWorkspace> {
  return OverlayWorkspace.open(options);
}
