/**
 * The second half of the safety net: every tsconfig project of the workspace that includes a touched
 * file (as a root file or through an import) is type-checked with ITS OWN compiler options before and
 * after the edit — a `tests/tsconfig.json` with other `types` or `strict`, a project with
 * `isolatedModules`, `isolatedDeclarations`, `verbatimModuleSyntax` — and an edit that introduces a
 * diagnostic in any of them is refused, naming the project. The in-memory ts-morph project the
 * refactorings work on has one set of options; this check does not rely on it.
 *
 * Programs are agentd's own TypeScript over the workspace texts in memory (no disk but TypeScript's
 * lib files, no project code). Errors are compared like error-guard.ts: by code and message over the
 * set of checked files, dependency-types noise ignored.
 */
import path from 'node:path';
import ts from 'typescript';
import { describeErrors, isMissingDependencyTypes, type NewError } from './error-guard.js';
import { refuse } from './refusal.js';
import type { FileEdits } from './file-edits.js';
import { parseConfigHost, readTsconfigProjects, type TsconfigProject } from './tsconfig-projects.js';

const LIB_DIR = path.dirname(ts.getDefaultLibFilePath({}));

/** Lib files parsed once per process (they never change). */
const libFiles = new Map<string, ts.SourceFile>();

export interface ProjectErrors {
  /** Workspace-relative path of the tsconfig. */
  project: string;
  errors: NewError[];
}

export interface ProjectGuardResult {
  /** The first projects (at most 3) where the edit introduces errors; empty when none. */
  failing: ProjectErrors[];
  /** Configs checked (including the failing ones). */
  checked: string[];
  /** Configs that include a touched file but could not be read (e.g. `extends` from a package). */
  unreadable: { config: string; reason: string }[];
}

function compilerHost(texts: Map<string, string | null>, parsed: Map<string, ts.SourceFile>): ts.CompilerHost {
  const config = parseConfigHost(texts);
  const isLib = (file: string): boolean => file.startsWith(LIB_DIR + path.sep) || file.startsWith(`${LIB_DIR}/`);
  const readFile = (file: string): string | undefined => (isLib(file) ? ts.sys.readFile(file) : config.readFile(file));
  return {
    getSourceFile(fileName, languageVersionOrOptions) {
      const key = `${fileName}\0${JSON.stringify(languageVersionOrOptions)}`;
      if (isLib(fileName)) {
        const known = libFiles.get(key);
        if (known) return known;
      }
      const text = readFile(fileName);
      if (text === undefined) return undefined;
      const known = parsed.get(key);
      if (known?.text === text) return known;
      const created = ts.createSourceFile(fileName, text, languageVersionOrOptions, false);
      (isLib(fileName) ? libFiles : parsed).set(key, created);
      return created;
    },
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    getDefaultLibLocation: () => LIB_DIR,
    writeFile: () => undefined,
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (file) => file,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (file) => (isLib(file) ? ts.sys.fileExists(file) : config.fileExists(file)),
    readFile,
    directoryExists: (dir) => {
      const prefix = path.posix.resolve('/', dir).replace(/\/?$/, '/');
      return isLib(dir) || [...texts.keys()].some((rel) => `/${rel}`.startsWith(prefix) && texts.get(rel) !== null);
    },
    getDirectories: () => [],
    realpath: (file) => file,
  };
}

/**
 * Every workspace file the project's program holds: its root files and what they import (a tsconfig
 * whose `files` names only entry points still covers the modules they reach). Parsed, not checked.
 */
export function programFiles(project: TsconfigProject, texts: Map<string, string | null>): string[] {
  const prog = program(project, texts, new Map());
  return prog
    .getSourceFiles()
    .map((file) => file.fileName)
    .filter((name) => !name.startsWith(LIB_DIR) && texts.get(name.slice(1)) != null);
}

function program(project: TsconfigProject, texts: Map<string, string | null>, parsed: Map<string, ts.SourceFile>): ts.Program {
  // Declaration output is what isolatedDeclarations is about; noEmit keeps the program from wanting to write.
  const options: ts.CompilerOptions = { ...project.options, noEmit: true };
  return ts.createProgram({ rootNames: project.fileNames, options, host: compilerHost(texts, parsed) });
}

function* diagnostics(prog: ts.Program, files: Iterable<string>): Generator<ts.Diagnostic> {
  const options = prog.getCompilerOptions();
  for (const name of files) {
    const file = prog.getSourceFile(name);
    if (!file) continue;
    const all = [...prog.getSyntacticDiagnostics(file), ...prog.getSemanticDiagnostics(file)];
    if (options.isolatedDeclarations) all.push(...prog.getDeclarationDiagnostics(file));
    for (const d of all) if (d.category === ts.DiagnosticCategory.Error && d.file && !isMissingDependencyTypes(d)) yield d;
  }
}

const keyOf = (d: ts.Diagnostic): string => `${d.code}|${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;

/**
 * Checks every tsconfig project that includes one of `paths` (project paths: the edited files and
 * whatever the caller also compares, e.g. importers). `originals`: workspace-relative texts before the
 * edit; `edits`: project path -> new text (null: deleted). `normalize` maps an error key from before
 * the edit to its wording after it (a renamed name or file).
 */
export function checkTsconfigProjects(
  originals: Map<string, string>,
  edits: FileEdits,
  paths: Iterable<string>,
  normalize: (key: string) => string = (key) => key,
): ProjectGuardResult {
  const before = new Map<string, string | null>(originals);
  const after = new Map<string, string | null>(originals);
  for (const [file, text] of edits) after.set(file.replace(/^\/+/, ''), text);
  const wanted = [...new Set([...paths, ...edits.keys()])];
  const beforeProjects = readTsconfigProjects(before);
  const afterProjects = new Map(readTsconfigProjects(after).projects.map((p) => [p.config, p]));
  const result: ProjectGuardResult = { failing: [], checked: [], unreadable: [] };
  const parsed = new Map<string, ts.SourceFile>();
  for (const unreadable of beforeProjects.unreadable) {
    // Its own folder holds a touched file: it may well include it, but cannot be checked.
    const dir = path.posix.dirname(`/${unreadable.config}`);
    if (wanted.some((file) => file.startsWith(dir === '/' ? '/' : `${dir}/`)))
      result.unreadable.push({ config: unreadable.config, reason: unreadable.reason });
  }
  for (const project of beforeProjects.projects) {
    if (project.fileNames.length === 0) continue;
    const old = program(project, before, parsed);
    const next = program(afterProjects.get(project.config) ?? project, after, parsed);
    const inOld = wanted.filter((file) => old.getSourceFile(file));
    const inNew = wanted.filter((file) => after.get(file.slice(1)) != null && next.getSourceFile(file));
    if (inOld.length === 0 && inNew.length === 0) continue;
    result.checked.push(project.config);
    const remaining = new Map<string, number>();
    for (const d of diagnostics(old, inOld)) {
      const key = normalize(keyOf(d));
      remaining.set(key, (remaining.get(key) ?? 0) + 1);
    }
    const errors: NewError[] = [];
    // Program-level errors too: a deleted file a tsconfig names in "files" is "File not found" (TS6053).
    const global = (prog: ts.Program): string[] =>
      prog
        .getOptionsDiagnostics()
        .filter((d) => d.category === ts.DiagnosticCategory.Error)
        .map(keyOf);
    const globalBefore = global(old);
    for (const key of global(next)) {
      const at = globalBefore.indexOf(key);
      if (at >= 0) globalBefore.splice(at, 1);
      else errors.push({ file: project.config, line: 1, message: `TS${key.replace('|', ': ')}` });
    }
    for (const d of diagnostics(next, inNew)) {
      const key = keyOf(d);
      const left = remaining.get(key) ?? 0;
      if (left > 0) {
        remaining.set(key, left - 1);
        continue;
      }
      const line = d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
      errors.push({
        file: d.file!.fileName.slice(1),
        line,
        message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
      });
    }
    if (errors.length > 0) result.failing.push({ project: project.config, errors });
    if (result.failing.length >= 3) break;
  }
  return result;
}

/**
 * Refuses (refactoring_refused) an edit that introduces an error in any tsconfig project, naming the
 * project and the first errors: `what` is the refactoring ("Renaming "a" to "b""), `hint` what would
 * work. Returns a sentence for the summary about projects that could not be checked ('' when none).
 */
export function guardTsconfigProjects(
  loaded: { originals: Map<string, string> },
  edits: FileEdits,
  paths: Iterable<string>,
  what: string,
  hint: string,
  normalize?: (key: string) => string,
): string {
  const result = checkTsconfigProjects(loaded.originals, edits, paths, normalize);
  const first = result.failing[0];
  if (first) {
    const others = result.failing.slice(1).map((f) => `"${f.project}"`);
    const also = others.length > 0 ? ` (also in ${others.join(', ')})` : '';
    throw refuse(
      `${what} would introduce type errors in the tsconfig project "${first.project}"${also}: ${describeErrors(first.errors)}; ${hint}`,
    );
  }
  if (result.unreadable.length === 0) return '';
  return ` Not type-checked with their own options: ${result.unreadable.map((u) => `"${u.config}" (${u.reason})`).join(', ')}.`;
}
