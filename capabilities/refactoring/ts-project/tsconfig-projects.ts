/**
 * Every tsconfig project of the workspace, read as data from the texts `loadTsProject` already holds
 * (no disk, no project code): `tsconfig*.json` anywhere outside node_modules, parsed with agentd's own
 * TypeScript (`extends` of a relative file followed; one from a package cannot be read, since
 * node_modules is not loaded, and that project is reported as not checked). A solution-style config
 * (`"files": []` with `references`) has no files of its own: its referenced configs are found as
 * tsconfig files themselves. Paths here are in-memory project paths ("/src/a.ts").
 */
import path from 'node:path';
import ts from 'typescript';

const TSCONFIG = /(^|\/)tsconfig[^/]*\.json$/;

export interface TsconfigProject {
  /** Workspace-relative path of the config. */
  config: string;
  options: ts.CompilerOptions;
  /** The config's own root files (include/files), as project paths. */
  fileNames: string[];
  /** The configs it references (workspace-relative), in order. */
  references: string[];
}

export interface TsconfigProjects {
  projects: TsconfigProject[];
  /** Configs that could not be parsed (e.g. `extends` a package), with the reason. */
  unreadable: { config: string; reason: string; fileNames: string[] }[];
}

/** The config paths of the workspace, shallowest first (the root's own tsconfig.json leads). */
export function tsconfigPaths(texts: Map<string, string | null>): string[] {
  const found = [...texts.keys()].filter((rel) => TSCONFIG.test(rel) && !rel.split('/').includes('node_modules') && texts.get(rel) != null);
  return found.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

/** A parse/compile host over workspace texts keyed by workspace-relative path (null: deleted). */
export function memoryEntries(texts: Map<string, string | null>): (dir: string) => { files: string[]; directories: string[] } {
  const byDir = new Map<string, { files: Set<string>; directories: Set<string> }>();
  const entry = (dir: string): { files: Set<string>; directories: Set<string> } => {
    let found = byDir.get(dir);
    if (!found) byDir.set(dir, (found = { files: new Set(), directories: new Set() }));
    return found;
  };
  for (const [rel, text] of texts) {
    if (text === null) continue;
    const parts = rel.split('/');
    let dir = '/';
    for (let i = 0; i < parts.length - 1; i += 1) {
      entry(dir).directories.add(parts[i]!);
      dir = path.posix.join(dir, parts[i]!);
    }
    entry(dir).files.add(parts[parts.length - 1]!);
  }
  return (dir) => {
    const found = byDir.get(path.posix.resolve('/', dir));
    return { files: [...(found?.files ?? [])], directories: [...(found?.directories ?? [])] };
  };
}

interface MatchFiles {
  matchFiles(
    p: string,
    ext: readonly string[] | undefined,
    excl: readonly string[] | undefined,
    incl: readonly string[] | undefined,
    caseSensitive: boolean,
    cwd: string,
    depth: number | undefined,
    entries: (dir: string) => { files: readonly string[]; directories: readonly string[] },
    realpath: (p: string) => string,
  ): string[];
}

export function parseConfigHost(texts: Map<string, string | null>): ts.ParseConfigFileHost {
  const entries = memoryEntries(texts);
  const rel = (file: string): string => path.posix.resolve('/', file).slice(1);
  return {
    useCaseSensitiveFileNames: true,
    getCurrentDirectory: () => '/',
    fileExists: (file) => texts.get(rel(file)) != null,
    readFile: (file) => texts.get(rel(file)) ?? undefined,
    readDirectory: (root, extensions, excludes, includes, depth) =>
      (ts as unknown as MatchFiles).matchFiles(root, extensions, excludes, includes, true, '/', depth, entries, (p) => p),
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  };
}

/** Parses every tsconfig of `texts` (workspace-relative path -> text). */
export function readTsconfigProjects(texts: Map<string, string | null>): TsconfigProjects {
  const host = parseConfigHost(texts);
  const result: TsconfigProjects = { projects: [], unreadable: [] };
  for (const config of tsconfigPaths(texts)) {
    const problems: ts.Diagnostic[] = [];
    const parsed = ts.getParsedCommandLineOfConfigFile(
      `/${config}`,
      { noEmit: true },
      { ...host, onUnRecoverableConfigFileDiagnostic: (d) => problems.push(d) },
    );
    // "No inputs were found" (18003) is a solution-style or empty config, not a broken one.
    const fatal = [...problems, ...(parsed?.errors ?? [])].filter((d) => d.category === ts.DiagnosticCategory.Error && d.code !== 18003);
    if (!parsed || fatal.some((d) => d.code === 5083 || d.code === 6053 || d.code === 5092 || !parsed.options)) {
      const said = fatal[0] ? ts.flattenDiagnosticMessageText(fatal[0].messageText, ' ') : 'it could not be parsed';
      // Its own include still names its files (a rename must reach them), though its options are unknown.
      result.unreadable.push({ config, reason: said, fileNames: (parsed?.fileNames ?? []).map((file) => path.posix.resolve('/', file)) });
      continue;
    }
    result.projects.push({
      config,
      options: parsed.options,
      fileNames: parsed.fileNames.map((file) => path.posix.resolve('/', file)),
      references: (parsed.projectReferences ?? []).map((ref) => {
        const target = path.posix.resolve('/', ref.path);
        const file = target.endsWith('.json') ? target : `${target}/tsconfig.json`;
        return file.slice(1);
      }),
    });
  }
  return result;
}
