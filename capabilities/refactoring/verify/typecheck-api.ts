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
 * Parsed files of the last project checked, reused by the next check of the same project when their
 * text is unchanged: the "after" side re-parses only the changed files, not the lib and @types files.
 */
let cache: { key: string; files: Map<string, ts.SourceFile> } = { key: '', files: new Map() };

function overlayHost(options: ts.CompilerOptions, overlay: Map<string, string | null>, files: Map<string, ts.SourceFile>): ts.CompilerHost {
  const host = ts.createCompilerHost(options, true);
  const readFile = (file: string): string | undefined => (overlay.has(path.resolve(file)) ? (overlay.get(path.resolve(file)) ?? undefined) : ts.sys.readFile(file));
  host.readFile = readFile;
  host.fileExists = (file) => (overlay.has(path.resolve(file)) ? overlay.get(path.resolve(file)) !== null : ts.sys.fileExists(file));
  host.getSourceFile = (file, languageVersion) => {
    const text = readFile(file);
    if (text === undefined) return undefined;
    const known = files.get(file);
    if (known?.text === text && known.languageVersion === languageVersion) return known;
    const created = ts.createSourceFile(file, text, languageVersion, true);
    files.set(file, created);
    return created;
  };
  return host;
}

function rootNames(parsed: ts.ParsedCommandLine, root: string, overlay: Map<string, string | null>): string[] {
  const names = new Set(parsed.fileNames.map((file) => path.resolve(file)).filter((file) => overlay.get(file) !== null));
  for (const [file, content] of overlay) {
    // A file the changes create is not on disk for the tsconfig's include globs to find.
    if (content !== null && SOURCE_EXTENSIONS.test(file) && file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`)) names.add(file);
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

/** Type-checks `tsconfig` (relative to root) with `changes` applied on top of the disk (none: the disk state). */
export function typecheckWithApi(root: string, tsconfig: string, changes: Change[]): ApiCheck {
  const started = Date.now();
  const overlay = new Map(changes.map((change) => [path.join(root, ...change.path.split('/')), change.after]));
  const configErrors: ts.Diagnostic[] = [];
  const configHost: ts.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => configErrors.push(d) };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, tsconfig), { noEmit: true }, configHost);
  const diagnostics: ts.Diagnostic[] = [...configErrors];
  if (parsed) {
    const options = { ...parsed.options, noEmit: true };
    const key = `${root}\0${tsconfig}`;
    if (cache.key !== key) cache = { key, files: new Map() };
    const program = ts.createProgram({ rootNames: rootNames(parsed, root, overlay), options, host: overlayHost(options, overlay, cache.files), projectReferences: parsed.projectReferences });
    diagnostics.push(...parsed.errors, ...ts.getPreEmitDiagnostics(program));
  }
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  return { exitCode: errors.length > 0 ? 2 : 0, lines: errors.map((d) => format(d, root)), durationMs: Date.now() - started };
}
