/** Everything a capability may touch while it runs. */
import type { Change, Finding, StepResult } from './findings.js';
import type { ProjectContext } from './project.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ListOptions {
  /** Globs (gitignore syntax) to include; default: every text file. */
  include?: string[];
  /** Globs (gitignore syntax) to exclude, on top of .gitignore and node_modules. */
  exclude?: string[];
  /** File extensions to keep, e.g. [".ts", ".tsx"]. */
  extensions?: string[];
}

/** A file (or a folder, path ending with "/") an analysis could not look at, and why; the path is workspace-relative. */
export interface SkippedFile {
  path: string;
  code: string;
  message: string;
}

export interface ReadManyResult {
  files: { path: string; content: string }[];
  skipped: SkippedFile[];
}

/**
 * The job's files. Reads are confined to the root (no `..`, no absolute paths, no symlink escape),
 * refuse binary files and files over 100 KB, respect .gitignore and skip node_modules.
 * Writes are staged in an overlay; nothing reaches the disk from here.
 */
export interface WorkspaceView {
  readonly root: string;
  read(path: string): Promise<string>;
  /**
   * Reads a dependency lock file (`package-lock.json`, `npm-shrinkwrap.json`, `yarn.lock`,
   * `pnpm-lock.yaml`, in any folder) as ONE counted access, up to 20 MB: real lock files are far over
   * the 100 KB source-file limit. Read-only: a lock file over 100 KB can never be written. Other names
   * are refused (`invalid_input`). Optional so older views stay valid; agentd's own always has it.
   */
  readLockFile?(path: string): Promise<string>;
  /**
   * Reads a TypeScript declaration file (`.d.ts`, `.d.mts`, `.d.cts`) as ONE counted access, up to
   * 5 MB: a published package's API lives in them and generated ones pass 100 KB (ioredis's is 777 KB).
   * Read-only; other names are refused (`invalid_input`). Optional so older views stay valid.
   */
  readDeclarationFile?(path: string): Promise<string>;
  /** Reads many files as ONE counted access (loading a project into ts-morph is one call, not one per file). */
  readMany(paths: string[]): Promise<ReadManyResult>;
  exists(path: string): Promise<boolean>;
  list(options?: ListOptions): Promise<string[]>;
  /**
   * What the latest list() with these options left out although the files matched: over 100 KB, or
   * inside a folder that could not be read (path ending with "/"), each with its reason — so an
   * analysis reports them as skipped instead of silently missing them. Optional for older views.
   */
  refused?(options?: ListOptions): SkippedFile[];
  write(path: string, content: string): Promise<void>;
  delete(path: string): Promise<void>;
  /** The staged changes so far (this step's and earlier steps'), with unified diffs. */
  changes(): Change[];
}

export type SourceLanguage = 'typescript' | 'tsx' | 'javascript';

/** A parsed source file. `tree` is a tree-sitter Tree; it never crosses a worker boundary. */
export interface ParsedFile {
  path: string;
  language: SourceLanguage;
  source: string;
  /** sha-256 of the source, hex */
  hash: string;
  tree: import('tree-sitter').Tree;
}

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** True when the command was killed for running past its timeout (exitCode is then 124). */
  timedOut?: boolean;
  /** How the command was kept from the machine (core/sandbox): namespaces, network only, or none. */
  isolation?: 'namespaces' | 'network' | 'none';
  /** True when output over `maxOutputBytes` was dropped. */
  truncated?: boolean;
}

export interface RunCommandOptions {
  /** Wall clock; default 60 s. */
  timeoutMs?: number;
  /** Written to the command's stdin, which is then closed. */
  stdin?: string;
  /** Per stream (stdout, stderr); default 1 MB. */
  maxOutputBytes?: number;
  /** Mount the workspace read-only for the command (where the sandbox has namespaces). */
  readOnlyWorkspace?: boolean;
}

/**
 * What a job allows beyond reading and staging. `projectCode`: running code that comes from the
 * workspace — its tests, builds, scripts, ESLint config and plugins, Prettier JS configs and plugins.
 * Project code is untrusted (docs/security.md); without this a capability says what it would have run
 * and does what it can without it.
 */
export interface Permissions {
  projectCode: boolean;
}

export interface ParseManyResult {
  files: ParsedFile[];
  skipped: SkippedFile[];
}

/** Every call counts against the job's maxToolCalls. */
export interface Tools {
  parse(path: string): Promise<ParsedFile>;
  /**
   * Parses many files as ONE tool call (a whole-project analysis is one call, not one per file: the
   * budget guards against runaway loops, not project size). Files that cannot be read or parsed
   * (too large, binary, unsupported) are reported in `skipped` instead of failing the batch.
   */
  parseMany(paths: string[]): Promise<ParseManyResult>;
  format(path: string, source: string): Promise<string>;
  /**
   * Runs a program in the workspace root inside agentd's sandbox (core/sandbox: allow-listed
   * environment, limits, no network where the OS allows). Refused with project_code_not_allowed unless
   * `ctx.permissions.projectCode`: whatever it runs is the project's code.
   */
  runCommand(command: string, args: string[], options?: RunCommandOptions): Promise<CommandResult>;
  /**
   * A derived per-file result cached by content hash across steps and jobs of this thread (e.g. a
   * file's complexity: `memo('analysis.complexity:' + file.path, file.hash, () => measure(file))`).
   * `compute` runs only when nothing was cached for this key and hash. A cache lookup, not a tool call:
   * it is not counted. Treat the result as immutable.
   */
  memo?<T>(key: string, hash: string, compute: () => T): T;
}

export interface CapabilityContext {
  readonly jobId: string;
  readonly stepIndex: number;
  readonly workspace: WorkspaceView;
  readonly project: ProjectContext;
  readonly tools: Tools;
  /** What the job allows; check `permissions.projectCode` before planning work that needs it. */
  readonly permissions: Permissions;
  /** Results of earlier steps (and of earlier turns of the job's session). */
  readonly previous: StepResult[];
  readonly signal: AbortSignal;
  /**
   * The project's finding policy (agentd.config.json rule settings and defaults, in-source
   * suppressions) as the step's runner applies it to this step's findings. A capability that counts
   * findings it computed itself into its summary (analysis.quality's score) passes them through it
   * first, so the summary counts what is reported. Absent when nothing reviews the step.
   */
  readonly reviewFindings?: (findings: Finding[]) => Promise<Finding[]>;
  log(level: LogLevel, message: string): void;
  /** percent 0..100 of this step */
  progress(percent: number, message?: string): void;
  /**
   * Runs another capability as part of this step and resolves to its StepResult: the id must be in this
   * capability's `meta.execution.composes` (else `unknown_capability`), its input is validated against
   * its inputSchema with the registry's validators (`invalid_input`; omitted means `{}`), and it runs
   * under this step's budget (its tool calls count), memo cache, workspace overlay (what it stages is
   * this step's), limits and `signal`, with `previous` empty. An id already running in this chain (A
   * invokes B invokes A) is refused (`capability_error`) before anything runs. Its findings are not
   * reviewed on their own: they are this step's once it returns them. Its log lines are this step's,
   * prefixed with its id; its progress is not reported. With `{ dryRun: true }` its writes go to a
   * view of its own over this step's (core/workspace/forked-workspace.ts) and come back as the result's
   * `changes` instead of being staged: whether it accepts the input, and what it would change.
   */
  invoke(id: string, input?: unknown, options?: InvokeOptions): Promise<StepResult>;
}

export interface InvokeOptions {
  /** Stage nothing: the invoked capability's writes are returned as `changes` and dropped. */
  dryRun?: boolean;
}

/** A capability `ctx.invoke` may run: plain data (it crosses into a worker with the step). */
export interface InvocableCapability {
  id: string;
  /** Absolute path of the compiled module. */
  modulePath: string;
  /** A runner module's data (a third-party plugin). */
  binding?: unknown;
  inputSchema: import('./capability.js').JSONSchema;
  /** Its own meta.execution.composes: what it may invoke in turn. */
  composes: string[];
}

/**
 * What a step's `ctx.invoke` may run (built by the registry: `invokeScope(id)`): the capability's own
 * composes and, transitively, theirs. A context without one refuses every invoke.
 */
export interface InvokeScope {
  /** The id of the capability the context is for. */
  capabilityId: string;
  /** Its meta.execution.composes. */
  composes: string[];
  invocable: InvocableCapability[];
}
