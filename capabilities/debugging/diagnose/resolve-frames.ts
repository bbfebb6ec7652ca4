/**
 * The stack frames and tsc positions of an error, resolved to workspace files and mapped through
 * source maps to the original source: the path the error prints (absolute on another machine, a
 * `file://` URL, a bundle URL) is matched to a workspace file by its longest existing trailing part.
 */
import type { CapabilityContext } from '../../../core/index.js';
import { errorLocations, type ErrorLocation } from '../explain/error-locations.js';
import { SourceMaps } from './source-maps.js';

export interface ResolvedFrame {
  /** Workspace path of the original source (or the generated file when it has no source map). */
  file: string;
  line: number;
  column: number;
  fn?: string;
  kind: ErrorLocation['kind'];
  /** Where the error text pointed, when a source map moved it. */
  generated?: { file: string; line: number; column: number };
  /** The file's text (from the workspace, or the map's sourcesContent). */
  source: string | null;
  inWorkspace: boolean;
}

export interface ResolvedLocations {
  frames: ResolvedFrame[];
  /** Non-external locations no workspace file was found for. */
  unresolved: ErrorLocation[];
  /** node_modules / node: internals frames, counted. */
  external: number;
}

async function workspacePath(ctx: CapabilityContext, raw: string): Promise<string | null> {
  const root = ctx.workspace.root.replace(/\\/g, '/').replace(/\/?$/, '/');
  if (raw.startsWith(root)) {
    const rel = raw.slice(root.length);
    return (await ctx.workspace.exists(rel)) ? rel : null;
  }
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
  // Longest trailing part first; at most 6 tries per path (stack paths are short below the project root).
  for (let i = Math.max(0, parts.length - 6); i < parts.length; i++) {
    const candidate = parts.slice(i).join('/');
    if (await ctx.workspace.exists(candidate)) return candidate;
  }
  return null;
}

export async function resolveLocations(ctx: CapabilityContext, text: string, maxFrames = 12): Promise<ResolvedLocations> {
  const maps = new SourceMaps(ctx);
  const out: ResolvedLocations = { frames: [], unresolved: [], external: 0 };
  const seen = new Set<string>();
  const all = errorLocations(text);
  // Node prints the throwing line above the message (`file:///…/a.js:4`); with real frames, the frames say it better.
  const located = all.some((l) => l.kind !== 'mention') ? all.filter((l) => l.kind !== 'mention') : all;
  for (const loc of located) {
    if (loc.external) {
      out.external++;
      continue;
    }
    if (out.frames.length >= maxFrames) break;
    const key = `${loc.path}:${loc.line}:${loc.column ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const file = await workspacePath(ctx, loc.path);
    if (!file) {
      out.unresolved.push(loc);
      continue;
    }
    const column = loc.column ?? 1;
    const mapped = /\.(?:c|m)?js$/.test(file) ? await maps.map(file, loc.line, column) : null;
    const frame: ResolvedFrame = mapped
      ? {
          file: mapped.file,
          line: mapped.line,
          column: mapped.column,
          kind: loc.kind,
          generated: { file, line: loc.line, column },
          source: mapped.source,
          inWorkspace: mapped.inWorkspace,
        }
      : { file, line: loc.line, column, kind: loc.kind, source: await ctx.workspace.read(file).catch(() => null), inWorkspace: true };
    if (loc.fn) frame.fn = loc.fn;
    out.frames.push(frame);
  }
  return out;
}
