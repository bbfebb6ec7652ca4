/**
 * Parameters written in prose: the name of something new ("called ProfileCard"), fields and their
 * types ("with fields name:string, age:number"), a minimum severity ("only high severity"), line
 * ranges ("lines 10-20") and counts ("top 5").
 */
import type { Severity } from '../contracts/index.js';
import type { Token } from './task-text.js';

export interface FieldSpec {
  name: string;
  type: string;
  optional: boolean;
}

const NAME_MARKERS =
  /\b(?:called|named|(?:call|name)\s+the\s+(?:new\s+|shared\s+|extracted\s+)?(?:function|helper|component|hook|method|class|file|module)|name\s+it|call\s+it|name\s+(?:should\s+be|is)|with\s+the\s+name|rename\s+it\s+to)\s*:?\s*$/i;

/** The name given after "called", "named", "call it" ... (a code name, a quoted string, or a word). */
export function nameAfterMarker(task: string, tokens: Token[]): string | null {
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'number' || token.kind === 'path') continue;
    if (!NAME_MARKERS.test(task.slice(Math.max(0, token.start - 40), token.start))) continue;
    if (token.kind === 'word' && /^(a|an|the|it|my|function|component|hook)$/i.test(token.text)) continue;
    if (/^[A-Za-z_$][\w$]*$/.test(token.text)) return token.text;
  }
  return null;
}

const TYPE_ALIASES: Record<string, string> = {
  string: 'string',
  text: 'string',
  str: 'string',
  varchar: 'string',
  email: 'string',
  url: 'string',
  uuid: 'string',
  number: 'number',
  int: 'number',
  integer: 'number',
  float: 'number',
  double: 'number',
  decimal: 'number',
  num: 'number',
  boolean: 'boolean',
  bool: 'boolean',
  date: 'Date',
  datetime: 'Date',
  timestamp: 'Date',
  json: 'unknown',
  bigint: 'bigint',
};
const TYPE_WORDS = Object.keys(TYPE_ALIASES).join('|');
const FIELD = new RegExp(String.raw`\b([A-Za-z_][\w]*)(\?)?\s*(?::\s*|\(\s*|\s+as\s+(?:an?\s+)?)(${TYPE_WORDS})(\[\])?\)?(?![\w])`, 'gi');

/** "name:string, age:number", "email (string)", "age as number"; types normalised to TypeScript. */
export function extractFields(task: string): FieldSpec[] {
  const fields: FieldSpec[] = [];
  for (const m of task.matchAll(FIELD)) {
    const name = m[1]!;
    if (/^(fields?|with|and|type|types|of|properties|columns)$/i.test(name)) continue;
    const base = TYPE_ALIASES[m[3]!.toLowerCase()]!;
    if (!fields.some((f) => f.name === name)) fields.push({ name, type: m[4] ? `${base}[]` : base, optional: m[2] === '?' });
  }
  return fields;
}

const LEVELS: Severity[] = ['info', 'low', 'medium', 'high', 'critical'];
const SEVERITY = /\b(critical|high|medium|moderate|low)\b(?:\s*(?:\/|and|or|,|&)\s*(critical|high|medium|moderate|low)\b)?/gi;

/** "only high severity", "critical and high only", "at least medium", "severity >= high" -> the lowest level asked for. */
export function extractMinSeverity(task: string): Severity | null {
  for (const m of task.matchAll(SEVERITY)) {
    const before = task.slice(Math.max(0, m.index - 24), m.index).toLowerCase();
    const after = task.slice(m.index + m[0].length, m.index + m[0].length + 28).toLowerCase();
    const contextual =
      /(?:\b(?:only|just|least|minimum|min|above|severity)|>=?)\s*(?:the\s+)?(?:of\s+)?$/.test(before) ||
      /^\s*(?:-?\s*)?(severity|sev|only|issues|findings|vulnerabilit|problems|ones|and above|or above|or higher|and higher|and up|\+)/.test(
        after,
      );
    if (!contextual) continue;
    const named = [m[1]!, m[2]]
      .filter((x): x is string => x !== undefined)
      .map((x) => (x.toLowerCase() === 'moderate' ? 'medium' : x.toLowerCase()) as Severity);
    return named.reduce((min, s) => (LEVELS.indexOf(s) < LEVELS.indexOf(min) ? s : min));
  }
  return null;
}

/** "lines 10-20", "line 10 to 20", "L10-L20", "from line 10 to line 20". */
export function extractLineRange(task: string): { start: number; end: number } | null {
  const m = /\b(?:lines?|L)\s*(\d+)\s*(?:-|–|—|to|through|until|\.\.)\s*(?:lines?\s*|L)?(\d+)\b/i.exec(task);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return { start: Math.min(a, b), end: Math.max(a, b) };
}

/** "top 5", "5 most", "at most 5", "limit 5". */
export function extractCount(task: string): number | null {
  const m = /\b(?:top|first|limit(?:\s+to)?|at most|max(?:imum)?)\s+(\d+)\b|\b(\d+)\s+(?:most|worst|biggest|top)\b/i.exec(task);
  return m ? Number(m[1] ?? m[2]) : null;
}

/** "complexity above 15", "over 15", "more than 15", "> 15". */
export function extractThreshold(task: string): number | null {
  const m = /\b(?:above|over|more than|greater than|exceeding|higher than|>\s*=?)\s*(\d+)\b/i.exec(task);
  return m ? Number(m[1]) : null;
}
