/** The `Tools` of one step: each call checks the signal, counts against the budget, then does the work. */
import type { ParsedFile, ParseManyResult, Permissions, ProjectContext, ToolBudget, Tools } from '../contracts/index.js';
import { memoIn } from '../cache/thread-caches.js';
import { cachedParseOf, parseCached, parseMissed } from '../parsing/cached-parse.js';
import { AgentdError, isAgentdError } from '../errors/index.js';
import type { OverlayWorkspace } from '../workspace/overlay-workspace.js';
import { confinePath } from '../workspace/confine-path.js';
import { formatSource } from './format-source.js';
import { runSandboxed } from '../sandbox/run-sandboxed.js';
import { projectCodeRefused } from './project-code-refusal.js';

export interface ToolsOptions {
  workspace: OverlayWorkspace;
  project: ProjectContext;
  budget: ToolBudget;
  signal: AbortSignal;
  /** Polls the shared cancellation flag and throws when the step is cancelled (see ContextOptions.interrupted). */
  checkpoint: () => void;
  permissions: Permissions;
  /** The job's memory limit: the data limit of the programs runCommand starts. */
  maxMemoryMB?: number;
}

export function buildTools(options: ToolsOptions): Tools {
  const { workspace, project, budget, signal, checkpoint } = options;
  const memoInRoot = memoIn(workspace.root);
  const counted = (what: string): void => {
    checkpoint();
    budget.count(what);
  };
  return {
    async parse(path) {
      counted('parse');
      // The parse call is the counted one; its own read of the file is not counted again.
      const { rel, abs, content } = await workspace.readConfined(path);
      return parseCached(abs, rel, content);
    },
    async parseMany(paths) {
      counted('parseMany');
      // Every file is read first, then all parses are queued together: with the flat-tree addon they
      // run on its parse threads while this thread goes on (see core/parsing/flat-parser.ts).
      const pending: { path: string; parsed: ParsedFile | Promise<ParsedFile> }[] = [];
      const result: ParseManyResult = { files: [], skipped: [] };
      const skip = (path: string, error: unknown): void => {
        if (!(error instanceof AgentdError) || error.code === 'workspace_escape') throw error;
        result.skipped.push({ path, code: error.code, message: error.message });
      };
      for (const path of paths) {
        checkpoint();
        try {
          const { rel, abs, content } = await workspace.readConfined(path);
          // A file parsed before (by another analysis of the scan, most often) costs no promise.
          const { hit, hash } = cachedParseOf(abs, rel, content);
          if (hit) {
            pending.push({ path, parsed: hit });
            continue;
          }
          const parsed = parseMissed(abs, rel, content, hash);
          // Settled below, in order; this only keeps an early rejection from being reported as unhandled.
          parsed.catch(() => undefined);
          pending.push({ path, parsed });
        } catch (error) {
          skip(path, error);
        }
      }
      for (const { path, parsed } of pending) {
        try {
          result.files.push(parsed instanceof Promise ? await parsed : parsed);
        } catch (error) {
          // A parser that gives up on one file (native failure, exhausted memory) costs that file, not the batch.
          skip(path, isAgentdError(error) ? error : unparsable(path, error));
        }
      }
      checkpoint();
      return result;
    },
    async format(path, source) {
      counted('format');
      const { rel } = await confinePath(workspace.root, path);
      return formatSource(source, {
        root: workspace.root,
        path: rel,
        codeStyle: project.codeStyle,
        projectCode: options.permissions.projectCode,
        signal,
        memoryMB: options.maxMemoryMB,
      });
    },
    async runCommand(command, args, commandOptions = {}) {
      counted('runCommand');
      if (!options.permissions.projectCode) throw projectCodeRefused(`Command "${command}"`);
      const { timeoutMs, stdin, maxOutputBytes, readOnlyWorkspace } = commandOptions;
      return runSandboxed({
        command,
        args,
        cwd: workspace.root,
        signal,
        timeoutMs,
        stdin,
        maxOutputBytes,
        memoryMB: options.maxMemoryMB,
        readOnly: readOnlyWorkspace ? [workspace.root] : [],
      });
    },
    memo(key, hash, compute) {
      // Analyses call memo once per file: a cheap point to notice a cancellation during synchronous work.
      checkpoint();
      return memoInRoot(key, hash, compute);
    },
  };
}

function unparsable(path: string, error: unknown): AgentdError {
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return new AgentdError('parse_failed', `File "${path}" could not be parsed (${reason}); it was skipped.`, { cause: error });
}
