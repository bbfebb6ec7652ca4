/**
 * The host side of the one bridge function a plugin's isolate gets: a tool name and its arguments as
 * JSON text in, `{ ok, value | error }` out as a structured copy of plain data (never a reference;
 * file texts and trees inside it cross as external copies or moved memory, crossing.ts Crossings).
 * Each call goes to the step's real `CapabilityContext` (reads confined, writes staged, the job's budget counted exactly as for
 * first-party code), after the plugin's own checks: its read globs, `writes`, its tools, its
 * tool-call limit and the argument size. A refusal of those (and a path escaping the workspace) is
 * final: `stop` ends the step with that error even if the plugin catches it.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import ignore from 'ignore';
import { AgentdError, isAgentdError, type CapabilityContext, type ListOptions, type LogLevel, type SkippedFile } from '../../core/index.js';
import type { PluginBinding, PluginTool } from './binding.js';
import { packFiles, packParses, PLAIN_CROSSINGS, type Crossings } from './crossing.js';

/** Codes that end the step at once, whatever the plugin does with the rejection. */
const FINAL_CODES: ReadonlySet<string> = new Set([
  'workspace_escape',
  'plugin_permission_denied',
  'plugin_tool_call_limit',
  'tool_call_limit',
  'plugin_output_too_large',
  'cancelled',
]);
const LOG_LEVELS: ReadonlySet<string> = new Set(['debug', 'info', 'warn', 'error']);
/** Log lines past this many are dropped (one note says so), each cut at 8 KB. */
const MAX_LOG_LINES = 1_000;
const MAX_LOG_CHARS = 8 * 1024;

/**
 * The reply is plain data the isolate receives as a structured copy (isolated-vm `copy: true`, V8's
 * serializer): a file's text crosses as one string copy, not JSON-escaped and re-parsed.
 */
export type HostReply = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
/**
 * A host call: the tool's name, its arguments as JSON text and, for writeMany, the files' contents as
 * plain strings beside it (a structured copy: not escaped into JSON in the isolate and parsed again here).
 */
export type HostDispatch = (name: string, argsJson: string, texts?: unknown) => Promise<HostReply>;

export interface HostTools {
  dispatch: HostDispatch;
  calls(): number;
  /** Host calls started and not yet answered (a warm isolate is reused only when this is 0). */
  inFlight(): number;
  /** After the step: calls still arriving (fired without await before run() returned) are refused, never run. */
  close(): void;
}

function asString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new AgentdError('invalid_input', `${what} must be a string.`);
  return value;
}

function asStrings(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new AgentdError('invalid_input', `${what} must be an array of strings.`);
  return value as string[];
}

/** writeMany's files, as the prelude sends them: their paths in the JSON arguments, their contents beside it, both strings. */
function asFiles(paths: unknown, texts: unknown): { path: string; content: string }[] {
  if (
    !Array.isArray(paths) ||
    !Array.isArray(texts) ||
    paths.length !== texts.length ||
    paths.some((file) => typeof file !== 'string') ||
    texts.some((text) => typeof text !== 'string')
  )
    throw new AgentdError('invalid_input', 'writeMany(files) must be an array of { path, content } with string path and content.');
  return (paths as string[]).map((file, i) => ({ path: file, content: (texts as string[])[i]! }));
}

/** What a call passes, in characters: its JSON and the contents beside it, under one limit (NaN: not JSON text). */
function argumentSize(argsJson: unknown, texts: unknown): number {
  if (typeof argsJson !== 'string') return Number.NaN;
  let size = argsJson.length;
  if (Array.isArray(texts)) for (const text of texts as unknown[]) if (typeof text === 'string') size += text.length;
  return size;
}

function listOptions(value: unknown): ListOptions {
  const given = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const options: ListOptions = {};
  if (given.include !== undefined) options.include = asStrings(given.include, 'list({ include })');
  if (given.exclude !== undefined) options.exclude = asStrings(given.exclude, 'list({ exclude })');
  if (given.extensions !== undefined) options.extensions = asStrings(given.extensions, 'list({ extensions })');
  return options;
}

const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;
const DRIVE = /^[A-Za-z]:/;

/**
 * A workspace-relative POSIX path already in normal form, as `list` answers them: not empty, no leading
 * "/", no backslash, no drive letter, no empty, "." or ".." segment — normalising it changes nothing,
 * so the usual case (a plugin reading what it listed) skips the path functions.
 */
export function isNormalRelative(file: string): boolean {
  return file.length > 0 && file[0] !== '/' && !file.includes('\\') && !file.includes('//') && !DOT_SEGMENT.test(file) && !DRIVE.test(file);
}

export function createHostTools(
  binding: PluginBinding,
  ctx: CapabilityContext,
  stop: (error: AgentdError) => void,
  crossings: Crossings = PLAIN_CROSSINGS,
): HostTools {
  const readable = ignore().add(binding.permissions.read);
  /**
   * Read globs that cover the whole workspace (e.g. the default ["**"], no negation): every confined
   * path is readable, so no glob test and no realpath per file (the workspace confines each read itself).
   */
  const readsAll =
    binding.permissions.read.some((glob) => ['**', '**/*', '*', '/**'].includes(glob.trim())) &&
    !binding.permissions.read.some((glob) => glob.trim().startsWith('!'));
  let realRoot: Promise<string> | undefined;
  const tools = new Set<PluginTool>(binding.permissions.tools);
  let calls = 0;
  let pending = 0;
  let logLines = 0;
  let closed = false;
  const who = `Plugin capability "${binding.id}"`;

  /** Confinement first (the same words the workspace uses), then the manifest's read globs. */
  const checkRead = (file: string): string => {
    const normal = isNormalRelative(file) ? file : normalizeOrRefuse(file);
    if (readsAll) return normal;
    if (!ignore.isPathValid(normal) || !readable.ignores(normal)) {
      throw new AgentdError(
        'plugin_permission_denied',
        `${who} read "${normal.slice(0, 200)}", which its manifest's permissions.read (${JSON.stringify(binding.permissions.read)}) does not cover.`,
      );
    }
    return normal;
  };
  const normalizeOrRefuse = (file: string): string => {
    const posix = file.replace(/\\/g, '/');
    if (path.posix.isAbsolute(posix) || path.win32.isAbsolute(file) || posix.split('/').includes('..')) {
      throw new AgentdError('workspace_escape', `${who} asked for "${file.slice(0, 200)}", which is outside the workspace.`);
    }
    return path.posix.normalize(posix).replace(/^\.\//, '');
  };
  /**
   * A symlink inside the read globs must not lead to a file outside them (the workspace already keeps it
   * inside the root): the real path is checked against the globs as well. A path not on disk (staged,
   * or missing) has nothing to resolve.
   */
  const checkReadReal = async (file: string): Promise<string> => {
    const normal = checkRead(file);
    if (readsAll) return normal;
    const root = await (realRoot ??= realpath(ctx.workspace.root).catch(() => ctx.workspace.root));
    const real = await realpath(path.join(root, normal)).catch(() => null);
    if (real === null) return normal;
    const relative = path.relative(root, real).split(path.sep).join('/');
    if (relative.startsWith('..') || path.isAbsolute(relative)) return normal; // the workspace refuses it with workspace_escape
    if (relative !== normal && (!ignore.isPathValid(relative) || !readable.ignores(relative))) {
      throw new AgentdError(
        'plugin_permission_denied',
        `${who} read "${normal.slice(0, 200)}", a link to "${relative.slice(0, 200)}", which its manifest's permissions.read does not cover.`,
      );
    }
    return normal;
  };
  const needWrites = (what: string): void => {
    if (!binding.permissions.writes)
      throw new AgentdError('plugin_permission_denied', `${who} tried to ${what} without the "writes" permission in its manifest.`);
  };
  const needTool = (tool: PluginTool): void => {
    if (!tools.has(tool))
      throw new AgentdError(
        'plugin_permission_denied',
        `${who} called tools.${tool} without listing "${tool}" in its manifest's permissions.tools.`,
      );
  };

  /** What list() answers a plugin: the workspace's list, less what its read globs do not cover. */
  const visibleFiles = async (options: unknown): Promise<string[]> => {
    const files = await ctx.workspace.list(listOptions(options));
    return readsAll ? files : files.filter((file) => readable.ignores(file));
  };

  const handlers: Record<string, (args: unknown[], texts: unknown) => Promise<unknown> | unknown> = {
    read: async (args) => ctx.workspace.read(await checkReadReal(asString(args[0], 'read(path)'))),
    readMany: async (args) => {
      const paths = asStrings(args[0], 'readMany(paths)');
      // With read globs over the whole workspace there is no link to resolve: checked without a promise per path.
      const checked = readsAll ? paths.map(checkRead) : await Promise.all(paths.map(checkReadReal));
      return packFiles(await ctx.workspace.readMany(checked), crossings.texts, paths);
    },
    exists: (args) => ctx.workspace.exists(checkRead(asString(args[0], 'exists(path)'))),
    list: async (args) => visibleFiles(args[0]),
    // list + readMany + a text test on the host: only the paths that match cross (the texts never do).
    // A listed link whose target the read globs do not cover is not read: it is skipped with the
    // refusal readMany would have given (the plugin did not name it, so the step goes on).
    search: async (args) => {
      const text = asString(args[0], 'search(text)');
      const listed = await visibleFiles(args[1]);
      const refused: SkippedFile[] = [];
      const allowed = readsAll ? listed : [];
      if (!readsAll) {
        const checked = await Promise.allSettled(listed.map(checkReadReal));
        for (const [i, outcome] of checked.entries()) {
          if (outcome.status === 'fulfilled') allowed.push(outcome.value);
          else if (isAgentdError(outcome.reason) && outcome.reason.code === 'plugin_permission_denied')
            refused.push({ path: listed[i]!, code: outcome.reason.code, message: outcome.reason.message });
          else throw outcome.reason;
        }
      }
      const read = await ctx.workspace.readMany(allowed);
      const paths = read.files.filter((file) => file.content.includes(text)).map((file) => file.path);
      return { paths, skipped: [...read.skipped, ...refused] };
    },
    write: (args) => {
      needWrites('write a file');
      return ctx.workspace.write(checkRead(asString(args[0], 'write(path)')), asString(args[1], 'write(content)'));
    },
    // One tool call and one hop for many files: every path is checked before any is staged, then each
    // is staged in order exactly as write() stages it (a failure stops there; the ones before stay staged).
    writeMany: async (args, texts) => {
      needWrites('write files');
      const files = asFiles(args[0], texts).map(({ path: file, content }) => ({ path: checkRead(file), content }));
      for (const file of files) await ctx.workspace.write(file.path, file.content);
    },
    delete: (args) => {
      needWrites('delete a file');
      return ctx.workspace.delete(checkRead(asString(args[0], 'delete(path)')));
    },
    // Earlier steps may have staged files outside this plugin's read globs: it sees only the ones it may read.
    changes: () => ctx.workspace.changes().filter((change) => ignore.isPathValid(change.path) && readable.ignores(change.path)),
    parse: async (args) => {
      needTool('parse');
      return packParses([await ctx.tools.parse(await checkReadReal(asString(args[0], 'parse(path)')))], crossings);
    },
    parseMany: async (args) => {
      needTool('parse');
      const parsed = await ctx.tools.parseMany(await Promise.all(asStrings(args[0], 'parseMany(paths)').map(checkReadReal)));
      return { ...packParses(parsed.files, crossings), skipped: parsed.skipped };
    },
    format: (args) => {
      needTool('format');
      return ctx.tools.format(checkRead(asString(args[0], 'format(path)')), asString(args[1], 'format(source)'));
    },
  };

  const notify = (name: string, args: unknown[]): void => {
    if (name === 'progress') {
      ctx.progress(Number(args[0]) || 0, typeof args[1] === 'string' ? args[1].slice(0, MAX_LOG_CHARS) : undefined);
      return;
    }
    logLines++;
    if (logLines > MAX_LOG_LINES) return;
    const level = (LOG_LEVELS.has(String(args[0])) ? args[0] : 'info') as LogLevel;
    ctx.log(
      level,
      logLines === MAX_LOG_LINES
        ? `${who} logged ${MAX_LOG_LINES} lines; later lines are dropped.`
        : String(args[1]).slice(0, MAX_LOG_CHARS),
    );
  };

  const dispatch: HostDispatch = async (name, argsJson, texts) => {
    pending++;
    try {
      if (closed) throw new AgentdError('plugin_error', `${who} called ${String(name).slice(0, 40)} after its step ended.`);
      const size = argumentSize(argsJson, texts);
      if (!(size <= binding.limits.maxOutputBytes)) {
        throw new AgentdError(
          'plugin_output_too_large',
          `${who} passed ${Number.isNaN(size) ? '?' : size} characters to ${String(name).slice(0, 40)}, over limits.maxOutputBytes (${binding.limits.maxOutputBytes}).`,
        );
      }
      const args = JSON.parse(argsJson) as unknown[];
      if (name === 'log' || name === 'progress') {
        notify(name, Array.isArray(args) ? args : []);
        return { ok: true, value: null };
      }
      const handler = Object.prototype.hasOwnProperty.call(handlers, name) ? handlers[name] : undefined;
      if (!handler) throw new AgentdError('plugin_permission_denied', `${who} called an unknown host tool "${String(name).slice(0, 40)}".`);
      calls++;
      if (calls > binding.limits.maxToolCalls) {
        throw new AgentdError(
          'plugin_tool_call_limit',
          `${who} made more than ${binding.limits.maxToolCalls} tool calls (its manifest's limits.maxToolCalls).`,
        );
      }
      const value = await handler(Array.isArray(args) ? args : [], texts);
      return { ok: true, value: value === undefined ? null : value };
    } catch (error) {
      const code = isAgentdError(error) ? error.code : 'plugin_error';
      const message = error instanceof Error ? error.message : String(error);
      if (isAgentdError(error) && FINAL_CODES.has(code)) stop(error);
      return { ok: false, error: { code, message } };
    } finally {
      pending--;
    }
  };
  return { dispatch, calls: () => calls, inFlight: () => pending, close: () => void (closed = true) };
}
