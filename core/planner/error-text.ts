/**
 * Recognises an error pasted into a task — a stack trace, `TypeError: ...`, tsc output (`TS2345: ...`,
 * `src/a.ts(3,7): error TS2322`), `Cannot find module` — and splits it from the instruction around it.
 */

export interface ErrorLocation {
  /** As written in the error (may be absolute); resolve against the project index. */
  path: string;
  line: number;
  column?: number;
}

export interface PastedError {
  /** The error block as pasted. */
  text: string;
  kind: 'typescript' | 'stack' | 'runtime';
  /** "TypeError", "TS2345", ... */
  name: string | null;
  /** Source locations mentioned (stack frames, tsc positions), outside node_modules and node internals. */
  locations: ErrorLocation[];
  /** The task without the error block ("fix this:", "why does this happen?"). */
  instruction: string;
}

const TS_CODE = /\b(?:error\s+)?(TS\d{4,5})\b/;
const RUNTIME = /\b([A-Z][A-Za-z]*(?:Error|Exception)|Error|UnhandledPromiseRejection\w*):\s+\S/;
const STACK_FRAME = /^\s*at\s+\S.*$/m;
const KNOWN_MESSAGES =
  /\b(Cannot find module|Cannot read propert(?:y|ies) of (?:undefined|null)|is not a function|is not defined|is not iterable|Maximum call stack size exceeded|ENOENT|ECONNREFUSED|EADDRINUSE|Unexpected token|Objects are not valid as a React child)\b/;
const LOCATION = /((?:[A-Za-z]:)?[\w.@\\/-]*[\w@-]\.(?:tsx?|jsx?|mjs|cjs|mts|cts))(?::(\d+)(?::(\d+))?|\((\d+),(\d+)\))/g;

function errorStart(task: string): { index: number; kind: PastedError['kind']; name: string | null } | null {
  const candidates: { index: number; kind: PastedError['kind']; name: string | null }[] = [];
  const ts = TS_CODE.exec(task);
  if (ts) candidates.push({ index: lineStartBefore(task, ts.index, /[:"'`]/), kind: 'typescript', name: ts[1]! });
  const runtime = RUNTIME.exec(task);
  if (runtime) candidates.push({ index: runtime.index, kind: 'runtime', name: runtime[1]! });
  const known = KNOWN_MESSAGES.exec(task);
  if (known) candidates.push({ index: lineStartBefore(task, known.index, /[:"'`]/), kind: 'runtime', name: null });
  const frame = STACK_FRAME.exec(task);
  if (frame) candidates.push({ index: frame.index, kind: 'stack', name: null });
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => a.index - b.index);
  const first = candidates[0]!;
  const kind = candidates.some((c) => c.kind === 'typescript') ? 'typescript' : frame ? 'stack' : first.kind;
  const name = candidates.find((c) => c.name !== null)?.name ?? null;
  return { index: first.index, kind, name };
}

/** Where the error text begins: after the last separator (":", a quote) or line break before `at`. */
function lineStartBefore(task: string, at: number, separator: RegExp): number {
  let i = at;
  while (i > 0 && task[i - 1] !== '\n' && !separator.test(task[i - 1]!)) i--;
  while (i < at && /\s/.test(task[i]!)) i++;
  // tsc's "src/a.ts(3,7): error TS2322" puts the location before the separator: keep it.
  const before = task.slice(lineStart(task, i), i);
  const location = /([\w.@\\/-]+\.(?:tsx?|jsx?)(?:\(\d+,\d+\)|:\d+(?::\d+)?))\s*:\s*$/.exec(before);
  return location ? lineStart(task, i) + location.index : i;
}

function lineStart(task: string, at: number): number {
  const nl = task.lastIndexOf('\n', at - 1);
  return nl + 1;
}

export function findLocations(text: string): ErrorLocation[] {
  const out: ErrorLocation[] = [];
  for (const m of text.matchAll(LOCATION)) {
    const path = m[1]!.replace(/\\/g, '/');
    if (/node_modules|^node:|\/internal\//.test(path)) continue;
    const line = Number(m[2] ?? m[4]);
    const column = m[3] ?? m[5];
    out.push(column ? { path, line, column: Number(column) } : { path, line });
  }
  return out;
}

export function findPastedError(task: string): PastedError | null {
  const start = errorStart(task);
  if (!start) return null;
  const block = task.slice(start.index).replace(/^["'`“]+|["'`”]+\s*$/g, '');
  // Text after the error on its own line, not a stack frame, is more instruction ("why?").
  const lines = block.split('\n');
  let end = lines.length;
  while (end > 1 && !/^\s*at\s|Error|TS\d|:\d+/.test(lines[end - 1]!) && lines[end - 1]!.trim().length < 80) end--;
  // "... is not defined at src/a.ts:3:7, please fix it": an instruction after the error on its line.
  const tail = /\s*(?:[,;]|\s[—–-])\s*((?:please|fix|explain|why|how|can you|could you|what)\b.*)$/i.exec(lines[0]!);
  if (tail) lines[0] = lines[0]!.slice(0, tail.index);
  const text = lines.slice(0, end).join('\n').trim();
  const trailing = `${tail ? tail[1] : ''} ${lines.slice(end).join(' ')}`;
  const instruction = `${task.slice(0, start.index)} ${trailing}`
    .replace(/["'`“”]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { text, kind: start.kind, name: start.name, locations: findLocations(text), instruction };
}
