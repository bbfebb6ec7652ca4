/**
 * The file system the compiler sees: the workspace root (its node_modules included, for dependency
 * types) and agentd's own TypeScript lib folder, nothing else — a tsconfig that `extends`,
 * `include`s or `typeRoots` a path outside the workspace gets "file not found", so no text from
 * outside it can reach a diagnostic or a code frame. Parsed source files are shared between the
 * programs of one check (lib and @types files parse once), and `overlay` replaces file texts (the
 * staged changes debugging.fix verifies). Nothing of the project runs: the compiler API loads no
 * plugins, and the project's own `typescript` package is not used.
 */
import path from 'node:path';
import ts from 'typescript';

/** TypeScript's own lib files, parsed once per thread (they never change while agentd runs). */
const LIB_FILES = new Map<string, ts.SourceFile>();
const LIB_DIR = path.dirname(ts.getDefaultLibFilePath({}));

export class ConfinedFiles {
  private readonly roots: string[];
  private readonly sourceFiles = new Map<string, ts.SourceFile>();
  constructor(
    readonly root: string,
    readonly overlay: Map<string, string | null> = new Map(),
  ) {
    this.roots = [path.resolve(root), path.dirname(ts.getDefaultLibFilePath({}))];
  }

  allowed(file: string): boolean {
    const full = path.resolve(file);
    return this.roots.some((r) => full === r || full.startsWith(r + path.sep));
  }

  readFile = (file: string): string | undefined => {
    if (!this.allowed(file)) return undefined;
    const full = path.resolve(file);
    if (this.overlay.has(full)) return this.overlay.get(full) ?? undefined;
    return ts.sys.readFile(full);
  };

  fileExists = (file: string): boolean => {
    if (!this.allowed(file)) return false;
    const full = path.resolve(file);
    if (this.overlay.has(full)) return this.overlay.get(full) !== null;
    return ts.sys.fileExists(full);
  };

  directoryExists = (dir: string): boolean => this.allowed(dir) && ts.sys.directoryExists(dir);
  getDirectories = (dir: string): string[] => (this.allowed(dir) ? ts.sys.getDirectories(dir) : []);
  readDirectory = (
    dir: string,
    extensions?: readonly string[],
    excludes?: readonly string[],
    includes?: readonly string[],
    depth?: number,
  ): string[] => (this.allowed(dir) ? ts.sys.readDirectory(dir, extensions, excludes, includes, depth).filter((f) => this.allowed(f)) : []);
  realpath = (file: string): string => {
    const real = ts.sys.realpath ? ts.sys.realpath(file) : file;
    return this.allowed(real) ? real : file;
  };

  parseConfigHost(errors: ts.Diagnostic[]): ts.ParseConfigFileHost {
    return {
      useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
      getCurrentDirectory: () => this.root,
      readFile: this.readFile,
      fileExists: this.fileExists,
      readDirectory: this.readDirectory,
      onUnRecoverableConfigFileDiagnostic: (d) => errors.push(d),
    };
  }

  compilerHost(options: ts.CompilerOptions): ts.CompilerHost {
    const host = ts.createCompilerHost(options, false);
    host.readFile = this.readFile;
    host.fileExists = this.fileExists;
    host.directoryExists = this.directoryExists;
    host.getDirectories = this.getDirectories;
    host.realpath = this.realpath;
    host.getCurrentDirectory = () => this.root;
    host.getSourceFile = (file, languageVersionOrOptions) => {
      const text = this.readFile(file);
      if (text === undefined) return undefined;
      const version = typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions.languageVersion : languageVersionOrOptions;
      const impliedNodeFormat = typeof languageVersionOrOptions === 'object' ? languageVersionOrOptions.impliedNodeFormat : undefined;
      const key = `${path.resolve(file)}\0${version}\0${impliedNodeFormat ?? ''}`;
      const cache = path.resolve(file).startsWith(LIB_DIR + path.sep) ? LIB_FILES : this.sourceFiles;
      const known = cache.get(key);
      if (known && known.text === text) return known;
      // No parent pointers up front (as tsc): the binder sets them; setting them twice costs a full walk per file.
      const created = ts.createSourceFile(file, text, languageVersionOrOptions, false);
      cache.set(key, created);
      return created;
    };
    return host;
  }
}
