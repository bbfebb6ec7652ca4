/**
 * A form generated from a capability's input JSON Schema: strings, numbers and integers, booleans,
 * enums, arrays of strings (one per line); anything else is edited as JSON. The daemon validates the
 * input again and its messages are shown as it wrote them, so the form never decides alone.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  description?: string;
  title?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
};

export type FormValues = Record<string, string | boolean>;

const typeOf = (schema: Schema): string =>
  Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? 'string') : (schema.type ?? 'json');

function kindOf(schema: Schema): 'enum' | 'boolean' | 'number' | 'string' | 'lines' | 'json' {
  if (schema.enum) return 'enum';
  const type = typeOf(schema);
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string') return 'string';
  if (type === 'array' && schema.items && typeOf(schema.items) === 'string' && !schema.items.enum) return 'lines';
  return 'json';
}

export function fieldsOf(schema: unknown): [string, Schema][] {
  const properties = (schema as Schema | null)?.properties ?? {};
  return Object.entries(properties);
}

/** The input object the form's values describe; a JSON field that does not parse is an error. */
export function inputOf(schema: unknown, values: FormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, field] of fieldsOf(schema)) {
    const raw = values[name];
    if (raw === undefined || raw === '') continue;
    const kind = kindOf(field);
    if (kind === 'boolean') input[name] = raw === true;
    else if (kind === 'number') input[name] = Number(raw);
    else if (kind === 'lines')
      input[name] = String(raw)
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
    else if (kind === 'json') {
      try {
        input[name] = JSON.parse(String(raw));
      } catch {
        throw new Error(`The field "${name}" is not valid JSON.`);
      }
    } else if (kind === 'enum') {
      const option = field.enum!.find((v) => String(v) === raw);
      input[name] = option ?? raw;
    } else input[name] = raw;
  }
  return input;
}

export function SchemaForm({ schema, values, onChange }: { schema: unknown; values: FormValues; onChange(values: FormValues): void }) {
  const required = new Set((schema as Schema | null)?.required ?? []);
  const fields = fieldsOf(schema);
  if (fields.length === 0) return <p class="hint">This capability takes no input.</p>;
  const set = (name: string, value: string | boolean) => onChange({ ...values, [name]: value });
  return (
    <fieldset class="schema-form">
      <legend>Input</legend>
      {fields.map(([name, field]) => {
        const id = `input-${name}`;
        const help = field.description ? `${id}-help` : undefined;
        const kind = kindOf(field);
        const label = (
          <label for={id}>
            {field.title ?? name}
            {required.has(name) ? ' (required)' : ''}
          </label>
        );
        const value = values[name];
        let control;
        if (kind === 'boolean') {
          control = (
            <input
              id={id}
              name={name}
              type="checkbox"
              checked={value === true}
              aria-describedby={help}
              onChange={(e) => set(name, e.currentTarget.checked)}
            />
          );
        } else if (kind === 'enum') {
          control = (
            <select
              id={id}
              name={name}
              value={String(value ?? '')}
              aria-describedby={help}
              onChange={(e) => set(name, e.currentTarget.value)}
            >
              <option value="">{required.has(name) ? 'choose…' : 'default'}</option>
              {field.enum!.map((option) => (
                <option key={String(option)} value={String(option)}>
                  {String(option)}
                </option>
              ))}
            </select>
          );
        } else if (kind === 'lines' || kind === 'json') {
          control = (
            <textarea
              id={id}
              name={name}
              rows={3}
              value={String(value ?? '')}
              aria-describedby={help}
              placeholder={kind === 'lines' ? 'one per line' : 'JSON'}
              onInput={(e) => set(name, e.currentTarget.value)}
            />
          );
        } else {
          // Numbers are typed as text so that the daemon, not the browser, judges them (its message is shown).
          control = (
            <input
              id={id}
              name={name}
              type="text"
              inputMode={kind === 'number' ? 'numeric' : undefined}
              value={String(value ?? '')}
              aria-describedby={help}
              onInput={(e) => set(name, e.currentTarget.value)}
            />
          );
        }
        return (
          <div class="field" key={name}>
            {label}
            {control}
            {help ? (
              <p id={help} class="hint">
                {field.description}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
