/**
 * Submission-time confinement of the paths in a job's step inputs: every path-like field
 * (input-path-fields.ts), wherever it sits in the input, must stay inside the job's workspace.
 * A path that escapes is `workspace_escape` (400) with the JSON pointer of the field, before the job is
 * queued — whichever capability would receive it, built-in or plugin. The capabilities confine every
 * path again when they read or write (core/workspace/confine-path.ts); this check makes the refusal
 * immediate and independent of how a capability uses the field.
 */
import { AgentdError, type ErrorDetail, type PipelineStep } from '../../core/index.js';
import { confinePath } from '../../core/workspace/index.js';
import { INPUT_PATH_FIELDS } from './input-path-fields.js';

const FILE_FIELDS = new Set<string>(INPUT_PATH_FIELDS.files);
const GLOB_FIELDS = new Set<string>(INPUT_PATH_FIELDS.globs);

interface Found {
  pointer: string;
  value: string;
  kind: 'file' | 'glob';
}

/** Every string of a path-like field in `value`, with its JSON pointer. */
export function pathLikeValues(value: unknown, pointer = ''): Found[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => pathLikeValues(item, `${pointer}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  const found: Found[] = [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const kind: Found['kind'] | null = FILE_FIELDS.has(key) ? 'file' : GLOB_FIELDS.has(key) ? 'glob' : null;
    const strings =
      typeof child === 'string'
        ? [{ value: child, at }]
        : Array.isArray(child)
          ? child.flatMap((item, i) => (typeof item === 'string' ? [{ value: item, at: `${at}/${i}` }] : []))
          : [];
    if (kind) found.push(...strings.map((s) => ({ pointer: s.at, value: s.value, kind })));
    found.push(...pathLikeValues(child, at));
  }
  return found;
}

function globEscape(glob: string): string | null {
  if (glob.includes('\0')) return 'contains a NUL byte';
  if (/^[A-Za-z]:/.test(glob) || glob.startsWith('~')) return 'is absolute';
  if (glob.replace(/^!/, '').split(/[\\/]/).includes('..')) return 'contains ".."';
  return null;
}

async function fileEscape(root: string, file: string): Promise<string | null> {
  // "." (or "./") names the workspace itself: inside, whatever the capability makes of it.
  if (file.length > 0 && !file.startsWith('/') && file.split('/').every((part) => part === '' || part === '.')) return null;
  try {
    await confinePath(root, file);
    return null;
  } catch (error) {
    if (error instanceof AgentdError && error.code === 'workspace_escape') return error.message;
    throw error;
  }
}

/** `stepPointer(i)`: where step i sits in the request body ("" for a `{capability, input}` body). */
export async function confineInputPaths(root: string, steps: PipelineStep[], stepPointer: (index: number) => string): Promise<void> {
  const details: ErrorDetail[] = [];
  for (const [index, step] of steps.entries()) {
    for (const found of pathLikeValues(step.input ?? {})) {
      const why = found.kind === 'glob' ? globEscape(found.value) : await fileEscape(root, found.value);
      if (why === null) continue;
      const message = found.kind === 'glob' ? `Pattern "${found.value}" ${why}; use a pattern relative to the workspace.` : why;
      details.push({ path: `${stepPointer(index)}/input${found.pointer}`, message });
    }
  }
  if (details.length === 0) return;
  throw new AgentdError('workspace_escape', `The input at "${details[0]!.path}" leaves the job's workspace: ${details[0]!.message}`, {
    details,
  });
}
