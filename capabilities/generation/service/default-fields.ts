/** The fields a resource gets when none are given: DEFAULT_FIELDS by resource, else a required name. */
import { kebabCase, singular, wordsOf } from '../kit/index.js';
import { DEFAULT_FIELDS } from './default-fields-table.js';
import type { FieldSpec } from './resource-model.js';

export interface ChosenFields {
  fields: FieldSpec[];
  /** Set when the fields were assumed: which entry of the table was used. */
  assumed: string | null;
}

export function fieldsFor(resource: string, given: FieldSpec[] | undefined): ChosenFields {
  if (given && given.length > 0) return { fields: given, assumed: null };
  const words = wordsOf(resource);
  const key = kebabCase([...words.slice(0, -1), singular(words[words.length - 1] ?? '')].join(' '));
  const entry = DEFAULT_FIELDS[key];
  if (entry) return { fields: entry, assumed: key };
  return { fields: DEFAULT_FIELDS['*']!, assumed: '*' };
}

/** "no fields were given: assumed title (string, required), done (boolean, required, default false)". */
export function describeAssumed(chosen: ChosenFields): string {
  if (!chosen.assumed) return '';
  const list = chosen.fields.map(
    (f) =>
      `${f.name} (${[f.type, f.required ? 'required' : '', f.unique ? 'unique' : '', f.default !== undefined ? `default ${JSON.stringify(f.default)}` : ''].filter(Boolean).join(', ')})`,
  );
  return `No fields were given: assumed ${list.join(', ')}${chosen.assumed === '*' ? '' : ` (the usual fields of a ${chosen.assumed.replace(/-/g, ' ')})`}; pass fields to choose them.`;
}
