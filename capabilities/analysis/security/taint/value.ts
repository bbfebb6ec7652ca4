/**
 * The abstract value the taint engine computes for an expression: which untrusted inputs reach it
 * (flows, each with its evidence path), which sink kinds it has been made safe for, and a little of
 * its shape (constant text, prefix, object or string) that the sinks use to decide.
 */
export const SINK_KINDS = [
  'sql',
  'nosql',
  'command',
  'code',
  'path',
  'redirect',
  'html',
  'template',
  'ssrf',
  'regex',
  'mass',
  'proto',
  'xpath',
] as const;
export type SinkKind = (typeof SINK_KINDS)[number];

/**
 * One hop of an evidence path. `file` is set only on steps that come from another module's summary
 * (cross-file taint); steps without it belong to the file under evaluation.
 */
export interface Step {
  line: number;
  column: number;
  label: string;
  file?: string;
}

/** One way untrusted input reaches a value. */
export interface Flow {
  steps: Step[];
  /** Sink kinds a sanitiser on the way made this flow harmless for. */
  safeFor: SinkKind[];
  /** Set while summarising a function: the flow starts at this parameter rather than at a source. */
  param?: number;
  /** body, query, params, headers, cookies, url, dom, param */
  sourceKind: string;
}

export type Shape = 'string' | 'object' | 'array' | 'number' | 'function' | 'unknown';

export interface Value {
  flows: Flow[];
  /** Sink kinds the whole value is known safe for (every kind for constants, some after a sanitiser). */
  safe: SinkKind[];
  /** Literal text the value was built from, in order (capped); used to recognise SQL and HTML. */
  text: string;
  /** The constant text the value certainly starts with, or null. */
  prefix: string | null;
  shape: Shape;
  /** Set on request objects (`req`, `request`, `reply.request`): their members are sources. */
  request?: boolean;
  /** A whole input object (`req.body`, `{ ...req.body }`, `JSON.parse(event.body)`): every key is the client's choice. */
  whole?: boolean;
  /** The value starts with something the code chose that is not a constant (`${BASE_URL}/${id}`): the host is not the client's. */
  lead?: 'fixed';
}

const MAX_FLOWS = 4;
const MAX_STEPS = 16;
const MAX_TEXT = 400;

export const UNKNOWN: Value = { flows: [], safe: [], text: '', prefix: null, shape: 'unknown' };

export function literal(text: string, shape: Shape = 'string'): Value {
  return { flows: [], safe: [...SINK_KINDS], text: text.slice(0, MAX_TEXT), prefix: shape === 'string' ? text : null, shape };
}

export function opaque(shape: Shape): Value {
  return { ...UNKNOWN, shape };
}

export function isConstant(value: Value): boolean {
  return value.flows.length === 0 && value.safe.length === SINK_KINDS.length;
}

export function isTainted(value: Value): boolean {
  return value.flows.length > 0;
}

/**
 * Values combined into one (concatenation, object or array wrapping, `a || b`). An alternative
 * (`a || b`, a ternary) of a whole input object is one too; wrapping it in an object or array is not.
 */
export function join(values: Value[], shape: Shape, alternative = false): Value {
  const flows: Flow[] = [];
  for (const v of values) for (const f of v.flows) if (flows.length < MAX_FLOWS && !flows.includes(f)) flows.push(f);
  let safe: SinkKind[] = [...SINK_KINDS];
  for (const v of values) safe = safe.filter((k) => v.safe.includes(k));
  const text = values
    .map((v) => v.text)
    .join('')
    .slice(0, MAX_TEXT);
  const joined: Value = { flows, safe, text, prefix: values.length > 0 ? values[0]!.prefix : null, shape };
  if (alternative && values.some((v) => v.whole && v.flows.length > 0)) joined.whole = true;
  return joined;
}

/** String concatenation: the prefix grows while the left part is constant; the result is a string. */
export function concat(values: Value[]): Value {
  const joined = join(values, 'string');
  let prefix = '';
  let lead: 'fixed' | undefined;
  for (const v of values) {
    if (isConstant(v)) {
      prefix += v.text;
      continue;
    }
    prefix = v.prefix !== null ? prefix + v.prefix : prefix;
    if (v.flows.length === 0 || v.lead === 'fixed') lead = 'fixed';
    break;
  }
  // A string can no longer carry a NoSQL operator object.
  const out = stringify({ ...joined, prefix: prefix.length > 0 ? prefix : null });
  return lead ? { ...out, lead } : out;
}

export function stringify(value: Value): Value {
  const { whole: _whole, ...rest } = value;
  return sanitize({ ...rest, shape: value.shape === 'number' ? 'number' : 'string' }, ['nosql', 'mass', 'proto'], false);
}

/** Marks a value safe for `kinds`; `markWhole` also records it on the value (not only on its flows). */
export function sanitize(value: Value, kinds: readonly SinkKind[], markWhole = true): Value {
  const flows = value.flows.map((f) => ({ ...f, safeFor: [...new Set([...f.safeFor, ...kinds])] }));
  const safe = markWhole ? [...new Set([...value.safe, ...kinds])] : value.safe;
  return { ...value, flows, safe };
}

export function clean(shape: Shape = 'number'): Value {
  return { flows: [], safe: [...SINK_KINDS], text: '', prefix: null, shape };
}

/** Appends an evidence step to every flow of the value. */
export function withStep(value: Value, step: Step): Value {
  if (value.flows.length === 0) return value;
  return { ...value, flows: value.flows.map((f) => (f.steps.length >= MAX_STEPS ? f : { ...f, steps: [...f.steps, step] })) };
}

export function sourceValue(step: Step, sourceKind: string, shape: Shape, safeFor: SinkKind[] = [], whole = false): Value {
  const value: Value = { flows: [{ steps: [step], safeFor, sourceKind }], safe: [], text: '', prefix: null, shape };
  return whole ? { ...value, whole } : value;
}

export function paramValue(index: number): Value {
  return { flows: [{ steps: [], safeFor: [], param: index, sourceKind: 'param' }], safe: [], text: '', prefix: null, shape: 'unknown' };
}

/** The first flow that is not made safe for `kind`, if any. */
export function unsafeFlows(value: Value, kind: SinkKind): Flow[] {
  return value.flows.filter((f) => !f.safeFor.includes(kind));
}
