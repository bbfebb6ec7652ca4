/**
 * What testing.e2e types into a form field, by its type and constraints (data, so the table grows with
 * its tests): a plain, valid value a person would enter; null when the field has a `pattern` (no value
 * is made up for a regular expression) — a required one then makes the form skipped. Also the
 * content types the static server of the generated tests answers with.
 */
export interface FieldFact {
  tag: 'input' | 'select' | 'textarea';
  type: string;
  name: string;
  value: string;
  required: boolean;
  min: string | null;
  max: string | null;
  minLength: number;
  maxLength: number;
  pattern: string | null;
  options: string[];
}

/** Not filled: no value a test can type (hidden, buttons, files). */
export const FIELD_TYPES_SKIPPED = ['hidden', 'submit', 'button', 'reset', 'image', 'file'];

const BY_TYPE: Record<string, string> = {
  email: 'test@example.com',
  url: 'https://example.com/',
  tel: '+15550100',
  password: 'Secret-pass-1',
  date: '2024-01-01',
  time: '12:00',
  'datetime-local': '2024-01-01T12:00',
  month: '2024-01',
  week: '2024-W01',
  color: '#336699',
};

export function valueFor(field: FieldFact): string | null {
  if (field.tag === 'select') return field.options.find((o) => o !== '') ?? null;
  if (field.type === 'checkbox') return 'on';
  if (field.pattern) return null;
  if (field.type === 'number' || field.type === 'range') {
    const min = field.min !== null && field.min !== '' ? Number(field.min) : null;
    const max = field.max !== null && field.max !== '' ? Number(field.max) : null;
    const value = min ?? (max !== null ? Math.min(1, max) : 1);
    return String(value);
  }
  const fixed = BY_TYPE[field.type];
  if (fixed) return fixed;
  let text = field.tag === 'textarea' ? 'Test message' : `Test ${field.name}`;
  if (text.length < field.minLength) text = text.padEnd(field.minLength, 'x');
  if (field.maxLength > 0 && text.length > field.maxLength) text = text.slice(0, field.maxLength);
  return text;
}

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};
