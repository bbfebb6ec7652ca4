/**
 * The type-check a job without the project-code permission gets: agentd's own TypeScript compiler API
 * over the project's tsconfig, in this thread. Nothing of the project runs — no script, no
 * `node_modules/typescript` of the project, no compiler plugins (the compiler API loads none) — and the
 * staged changes are seen through an overlay instead of a temp copy.
 */
import path from 'node:path';
import ts from 'typescript';
import type { Change } from '../../../core/index.js';

export interface ApiCheck {
  exitCode: number;
  lines: string[];
  durationMs: number;
}

const SOURCE_EXTENSIONS = /\.(?:ts|tsx|mts|cts)$/;

/**
 * Parsed files, reused by the next check when their text is unchanged: the "after" side re-parses only
 * the changed files. The project's own files are kept for the last project checked; TypeScript's lib
 * files (and other files outside the project) for every project, up to SHARED_FILES, since re-parsing
 * lib.dom.d.ts and friends for each new project was most of a small project's check.
 */
let cache: { key: string; files: Map<string, ts.SourceFile> } = { key: '', files: new Map() };
const shared = new Map<string, ts.SourceFile>();
const SHARED_FILES = 2_000;

/** A file of the project itself: under its root, outside node_modules. */
function ownFile(file: string, root: string): boolean {
  return file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);
}

/** The cache a file belongs in: the project's own or the shared one. */
function cacheFor(file: string, root: string): Map<string, ts.SourceFile> {
  if (ownFile(file, root)) return cache.files;
  if (shared.size >= SHARED_FILES) shared.clear();
  return shared;
}

function overlayHost(options: ts.CompilerOptions, overlay: Map<string, string | null>, root: string): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const readFile = (file: string): string | undefined =>
    overlay.has(path.resolve(file)) ? (overlay.get(path.resolve(file)) ?? undefined) : ts.sys.readFile(file);
  host.readFile = readFile;
  host.fileExists = (file) => (overlay.has(path.resolve(file)) ? overlay.get(path.resolve(file)) !== null : ts.sys.fileExists(file));
  host.getSourceFile = (file, languageVersion) => {
    const text = readFile(file);
    if (text === undefined) return undefined;
    // TypeScript 5 passes an options object (language version + module format): compare what it says,
    // or no lib file would ever be reused from the cache.
    const key = `${file}\0${typeof languageVersion === 'object' ? `${languageVersion.languageVersion}:${languageVersion.impliedNodeFormat ?? ''}` : languageVersion}`;
    const files = cacheFor(path.resolve(file), root);
    const known = files.get(key);
    if (known?.text === text) return known;
    const created = ts.createSourceFile(file, text, languageVersion, true);
    files.set(key, created);
    return created;
  };
  return host;
}

function rootNames(parsed: ts.ParsedCommandLine, root: string, overlay: Map<string, string | null>): string[] {
  const names = new Set(parsed.fileNames.map((file) => path.resolve(file)).filter((file) => overlay.get(file) !== null));
  for (const [file, content] of overlay) {
    // A file the changes create is not on disk for the tsconfig's include globs to find.
    if (content !== null && SOURCE_EXTENSIONS.test(file) && ownFile(file, root)) names.add(file);
  }
  return [...names];
}

function format(diagnostic: ts.Diagnostic, root: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  if (!diagnostic.file || diagnostic.start === undefined) return `error TS${diagnostic.code}: ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  const file = path.relative(root, diagnostic.file.fileName).split(path.sep).join('/');
  return `${file}(${line + 1},${character + 1}): error TS${diagnostic.code}: ${message}`;
}

/** Compiler options of one project checked over its own sources: no emit, no build-mode settings. */
function checkOptions(options: ts.CompilerOptions): ts.CompilerOptions {
  // A project that references others is checked over their sources (no `tsc -b` output needed), so the
  // build-mode settings that need emitted declarations, or that forbid sources outside rootDir, are dropped.
  return {
    ...options,
    noEmit: true,
    composite: false,
    declaration: false,
    declarationMap: false,
    emitDeclarationOnly: false,
    incremental: false,
    tsBuildInfoFile: undefined,
    rootDir: undefined,
  };
}

function configPathOf(reference: ts.ProjectReference): string {
  return reference.path.endsWith('.json') ? reference.path : path.join(reference.path, 'tsconfig.json');
}

/**
 * The projects a tsconfig stands for: itself, and every project it references, transitively. A
 * solution config (`"files": []` with references) has no sources of its own: `tsc --noEmit -p` on it
 * checks nothing and exits 0, which must never read as a passed type-check.
 */
export function projectsOf(
  root: string,
  tsconfig: string,
): { config: string; parsed: ts.ParsedCommandLine | undefined; errors: ts.Diagnostic[] }[] {
  const out: { config: string; parsed: ts.ParsedCommandLine | undefined; errors: ts.Diagnostic[] }[] = [];
  const seen = new Set<string>();
  const visit = (config: string): void => {
    if (seen.has(config)) return;
    seen.add(config);
    const errors: ts.Diagnostic[] = [];
    const host: ts.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => errors.push(d) };
    const parsed = ts.getParsedCommandLineOfConfigFile(config, { noEmit: true }, host);
    out.push({ config, parsed, errors });
    for (const reference of parsed?.projectReferences ?? []) visit(path.resolve(configPathOf(reference)));
  };
  visit(path.join(root, tsconfig));
  return out;
}

/**
 * Type-checks `tsconfig` (relative to root) and the projects it references, with `changes` applied on
 * top of the disk (none: the disk state). `projects` is how many tsconfig projects had sources.
 */
export function typecheckWithApi(root: string, tsconfig: string, changes: Change[]): ApiCheck & { projects: number } {
  const started = Date.now();
  const overlay = new Map(changes.map((change) => [path.join(root, ...change.path.split('/')), change.after]));
  const diagnostics: ts.Diagnostic[] = [];
  const key = `${root}\0${tsconfig}`;
  if (cache.key !== key) cache = { key, files: new Map() };
  let projects = 0;
  const projectList = projectsOf(root, tsconfig);
  for (const { parsed, errors } of projectList) {
    diagnostics.push(...errors);
    if (!parsed) continue;
    diagnostics.push(...parsed.errors);
    const solutionOnly = parsed.fileNames.length === 0 && (parsed.projectReferences?.length ?? 0) > 0;
    if (solutionOnly) continue;
    projects++;
    const options = checkOptions(parsed.options);
    // Files the changes create belong to the root project only (a referenced project lists its own).
    const names =
      projectList[0]!.parsed === parsed
        ? rootNames(parsed, root, overlay)
        : parsed.fileNames.map((file) => path.resolve(file)).filter((file) => overlay.get(file) !== null);
    const program = ts.createProgram({ rootNames: names, options, host: overlayHost(options, overlay, root) });
    diagnostics.push(...ts.getPreEmitDiagnostics(program));
  }
  const lines = [...new Set(diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).map((d) => format(d, root)))];
  if (projects === 0 && lines.length === 0)
    lines.push(`error: ${tsconfig} and the projects it references list no source files, so nothing was type-checked`);
  return { exitCode: lines.length > 0 ? 2 : 0, lines, durationMs: Date.now() - started, projects };
}
