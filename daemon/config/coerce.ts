/**
 * Environment variables and flags arrive as strings; this turns them into the type the schema wants
 * when the text is unambiguous ("8080" -> 8080, "true" -> true). Anything else is left as the string,
 * so the schema rejects it and the message shows exactly what was written.
 */
import { schemaAt } from './schema.js';

const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

export function coerceForKey(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const types = ([] as unknown[]).concat(schemaAt(key)?.type ?? []);
  const text = value.trim();
  if (types.includes('integer') && /^[+-]?\d+$/.test(text)) return Number(text);
  if (types.includes('boolean')) {
    if (TRUE.has(text.toLowerCase())) return true;
    if (FALSE.has(text.toLowerCase())) return false;
  }
  if (types.includes('array')) return text === '' ? [] : text.split(',').map((item) => item.trim());
  if (types.includes('null') && text.toLowerCase() === 'null') return null;
  return value;
}
