/**
 * The workspace as a TypeScript program, for the documentation capabilities: every source file and
 * package.json/tsconfig is read through ONE `ctx.workspace.readMany` call, served from memory to the
 * compiler, and the program is built with the workspace's own tsconfig options (its `files`/`include`
 * are not used: the entry points decide which modules are documented); declaration files over the
 * 100 KB limit are read through `readDeclarationFile` (up to 5 MB). The standard library comes from
 * agentd's TypeScript; node_modules of the workspace is never read, so dependency types stay
 * unresolved (shown as written in the source).
 */
import path from 'node:path';
import ts from 'typescript';
import { AgentdError, type CapabilityContext } from '../../../core/index.js';

const isDeclarationFile = (rel: string): boolean => /\.d\.[cm]?ts$/.test(rel);

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export interface LoadedProgram {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** Workspace-relative path -> text as read. */
  texts: Map<string, string>;
  /** Compiler options in effect (the tsconfig's, or defaults). */
  options: ts.CompilerOptions;
  tsconfig: string | null;
  skipped: { path: string; code: string; message: string }[];
}

/** The in-memory absolute path of a workspace-relative path, and back. */
export const toProgramPath = (rel: string): string => `/${rel}`;
export const toWorkspacePath = (abs: string): string => abs.replace(/^\/+/, '');

const LIB_DIR = path.dirname(ts.getDefaultLibFilePath({}));

export async function loadProgram(ctx: CapabilityContext, overrides: ReadonlyMap<string, string> = new Map()): Promise<LoadedProgram> {
  const listing = { extensions: [...SOURCE_EXTENSIONS, '.json'] };
  const listed = await ctx.workspace.list(listing);
  const isWanted = (p: string): boolean =>
    /(^|\/)(package|tsconfig[^/]*)\.json$/.test(p) || SOURCE_EXTENSIONS.some((ext) => p.endsWith(ext));
  const wanted = listed.filter(isWanted);
  const { files, skipped } = await ctx.workspace.readMany(wanted);
  const texts = new Map(files.map((f) => [f.path, f.content] as const));
  // Declaration files over 100 KB (often generated: a published package's API lives in them) are
  // read through readDeclarationFile, up to 5 MB, one counted access each; the rest stay skipped.
  const refused = (ctx.workspace.refused?.(listing) ?? []).filter((f) => isWanted(f.path));
  for (const file of refused) {
    if (file.code !== 'file_too_large' || !isDeclarationFile(file.path) || !ctx.workspace.readDeclarationFile) {
      skipped.push(file);
      continue;
    }
    try {
      texts.set(file.path, await ctx.workspace.readDeclarationFile(file.path));
    } catch (error) {
      if (!(error instanceof AgentdError) || error.code === 'workspace_escape') throw error;
      skipped.push({ path: file.path, code: error.code, message: error.message });
    }
  }
  return programOf(texts, ctx.project.tsconfig, skipped, overrides);
}

/** Builds the program over texts already read; `overrides` replaces some texts (a staged edit to check). */
export function programOf(
  texts: Map<string, string>,
  tsconfigHint: string | null,
  skipped: LoadedProgram['skipped'] = [],
  overrides: ReadonlyMap<string, string> = new Map(),
): LoadedProgram {
  const current = new Map(texts);
  for (const [file, text] of overrides) current.set(file, text);
  const tsconfig = tsconfigHint && current.has(tsconfigHint) ? tsconfigHint : current.has('tsconfig.json') ? 'tsconfig.json' : null;
  const options = compilerOptions(current, tsconfig);
  const sources = [...current.keys()].filter(
    (p) => SOURCE_EXTENSIONS.some((ext) => p.endsWith(ext)) && (options.allowJs || !/\.[cm]?jsx?$/.test(p)),
  );
  const host = memoryHost(current, options);
  const program = ts.createProgram({ rootNames: sources.map(toProgramPath), options, host });
  return { program, checker: program.getTypeChecker(), texts: current, options, tsconfig, skipped };
}

function compilerOptions(texts: Map<string, string>, tsconfig: string | null): ts.CompilerOptions {
  const defaults: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    allowJs: true,
  };
  if (!tsconfig) return { ...defaults, noEmit: true, types: [] };
  const parsed = ts.parseConfigFileTextToJson(toProgramPath(tsconfig), texts.get(tsconfig)!);
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: true,
    readDirectory: () => [],
    fileExists: (p) => texts.has(toWorkspacePath(p)),
    readFile: (p) => texts.get(toWorkspacePath(p)),
  };
  const config = ts.parseJsonConfigFileContent(parsed.config ?? {}, host, path.posix.dirname(toProgramPath(tsconfig)));
  // `types` would load @types packages from node_modules, which is never read.
  return { ...config.options, noEmit: true, types: [], allowJs: config.options.allowJs ?? true };
}

function memoryHost(texts: Map<string, string>, _options: ts.CompilerOptions): ts.CompilerHost {
  const cache = new Map<string, ts.SourceFile>();
  const readFile = (file: string): string | undefined => {
    if (file.startsWith(LIB_DIR)) return ts.sys.readFile(file);
    return texts.get(toWorkspacePath(file));
  };
  return {
    getSourceFile(file, languageVersion) {
      const known = cache.get(file);
      if (known) return known;
      const text = readFile(file);
      if (text === undefined) return undefined;
      const source = ts.createSourceFile(file, text, languageVersion, true);
      cache.set(file, source);
      return source;
    },
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    getDefaultLibLocation: () => LIB_DIR,
    writeFile: () => undefined,
    getCurrentDirectory: () => '/',
    getDirectories: () => [],
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (file) => readFile(file) !== undefined,
    readFile,
    directoryExists: (dir) =>
      dir.startsWith(LIB_DIR) ||
      dir === '/' ||
      [...texts.keys()].some((p) => toProgramPath(p).startsWith(dir.endsWith('/') ? dir : `${dir}/`)),
    realpath: (p) => p,
    getEnvironmentVariable: () => undefined,
  };
}

/** Diagnostics that say something about the code itself (not "cannot find module" of a dependency never loaded). */
export function codeErrors(loaded: LoadedProgram, files?: readonly string[]): ts.Diagnostic[] {
  const wanted = files ? new Set(files.map(toProgramPath)) : null;
  const sources = loaded.program.getSourceFiles().filter((s) => !s.fileName.startsWith(LIB_DIR) && (!wanted || wanted.has(s.fileName)));
  return sources
    .flatMap((s) => [...loaded.program.getSyntacticDiagnostics(s), ...loaded.program.getSemanticDiagnostics(s)])
    .filter((d) => d.code !== 2307 && d.code !== 2580 && d.code !== 2591 && d.code !== 7016);
}
