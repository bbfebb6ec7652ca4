/**
 * Loading the job's workspace into an in-memory ts-morph Project: the source files and the
 * package.json/tsconfig files are read through `ctx.workspace.readMany` (one counted call), written to
 * an in-memory file system, and the project is built from the workspace's tsconfig so the file set and
 * compiler options are the project's own. node_modules is never loaded: symbols that come from a
 * dependency stay unresolved, which is how the capabilities recognise (and refuse) them.
 */
import { InMemoryFileSystemHost, Project, ts } from 'ts-morph';
import type { CapabilityContext } from '../../../core/index.js';
import { setModuleFormats } from './module-format.js';
import { readTsconfigProjects } from './tsconfig-projects.js';
import { programFiles } from './project-guard.js';
import { addJsImporters } from './js-importers.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const CONFIG_FILE = /(^|\/)(package|tsconfig[^/]*|jsconfig)\.json$/;

export interface LoadedProject {
  project: Project;
  /** Workspace-relative path -> the text the workspace held when the project was loaded. */
  originals: Map<string, string>;
  /** Files that could not be read (too large, binary); a refactoring cannot see into them. */
  skipped: { path: string; code: string; message: string }[];
  /** The tsconfig the project was built from, or null when default options were used. */
  tsconfig: string | null;
}

/** The in-memory path of a workspace-relative path, and back. */
export const toProjectPath = (rel: string): string => `/${rel}`;
export const toWorkspacePath = (projectPath: string): string => projectPath.replace(/^\/+/, '');

/** `host`: another in-memory file system to load into (extract-function's one also sees node_modules' types). */
export async function loadTsProject(
  ctx: CapabilityContext,
  host: InMemoryFileSystemHost = new InMemoryFileSystemHost(),
): Promise<LoadedProject> {
  const listed = await ctx.workspace.list({ extensions: [...SOURCE_EXTENSIONS, '.json'] });
  const wanted = listed.filter((path) => CONFIG_FILE.test(path) || SOURCE_EXTENSIONS.some((ext) => path.endsWith(ext)));
  const { files, skipped } = await ctx.workspace.readMany(wanted);
  const originals = new Map<string, string>();
  for (const file of files) {
    host.writeFileSync(toProjectPath(file.path), file.content);
    originals.set(file.path, file.content);
  }
  const tsconfig = pickTsconfig(ctx.project.tsconfig, originals);
  const configs = readTsconfigProjects(originals);
  // A solution-style tsconfig ("files": [] + references) has no files: its first referenced project
  // with files gives the options the language service works with.
  const referenced = configs.projects.find((p) => p.config === tsconfig)?.references ?? [];
  const base = tsconfig ? [tsconfig, ...referenced] : [];
  let project: Project | null = null;
  let used: string | null = null;
  for (const config of base) {
    project = fromTsconfig(host, config);
    if (project) {
      used = config;
      break;
    }
  }
  project ??= fromDefaults(host, originals);
  // The files of every other tsconfig project (tests/tsconfig.json, referenced projects) join it, so a
  // rename or move also updates the tests; each project is type-checked with its own options afterwards
  // (project-guard.ts).
  if (used) {
    for (const other of [...configs.projects, ...configs.unreadable]) {
      // The modules the root files import belong to the project too (a tsconfig `files` list names only entry points).
      const reached = 'options' in other && other.fileNames.length > 0 ? programFiles(other, originals) : other.fileNames;
      for (const file of reached) {
        if (!project.getSourceFile(file) && originals.has(toWorkspacePath(file))) project.addSourceFileAtPath(file);
      }
    }
  }
  addJsImporters(project, originals, toProjectPath);
  setModuleFormats(project, originals);
  return { project, originals, skipped, tsconfig: project.getCompilerOptions().configFilePath ? used : null };
}

function pickTsconfig(detected: string | null, originals: Map<string, string>): string | null {
  if (detected && originals.has(detected)) return detected;
  return originals.has('tsconfig.json') ? 'tsconfig.json' : null;
}

/** null when the tsconfig cannot be used (e.g. it extends a config from node_modules, which is not loaded). */
function fromTsconfig(host: InMemoryFileSystemHost, tsconfig: string): Project | null {
  try {
    // No dependency resolution here: it would build a program before the module formats are set (see module-format.ts).
    const project = new Project({ fileSystem: host, tsConfigFilePath: toProjectPath(tsconfig), skipFileDependencyResolution: true });
    return project.getSourceFiles().length > 0 ? project : null;
  } catch {
    return null;
  }
}

function fromDefaults(host: InMemoryFileSystemHost, originals: Map<string, string>): Project {
  const project = new Project({
    fileSystem: host,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowJs: true,
      jsx: ts.JsxEmit.Preserve,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    },
  });
  for (const path of originals.keys()) {
    if (SOURCE_EXTENSIONS.some((ext) => path.endsWith(ext))) project.addSourceFileAtPath(toProjectPath(path));
  }
  return project;
}
