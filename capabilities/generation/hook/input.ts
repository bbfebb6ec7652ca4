/** generation.hook's input: its JSON Schema, the kinds of hook and the checks the schema cannot express. */
import { AgentdError, nameSchema, pathSchema } from '../../../core/index.js';
import { assertIdentifier, onExistingSchema, type OnExisting } from '../kit/index.js';
import { parseType, valueFits, type ParsedType } from '../component/type-text.js';
import { taskFieldsSchema } from '../component/task-input.js';

export const HOOK_KINDS = ['toggle', 'counter', 'state', 'localStorage', 'debounce', 'fetch'] as const;
export type HookKind = (typeof HOOK_KINDS)[number];

export interface HookInput {
  name: string;
  kind?: HookKind;
  description?: string;
  type?: string;
  initial?: unknown;
  key?: string;
  delayMs?: number;
  directory?: string;
  exportStyle?: 'named' | 'default' | 'both';
  test?: boolean;
  onExisting?: OnExisting;
}

export const hookInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: {
      ...nameSchema('Hook name: use followed by a capital letter (useDisclosure), as the Rules of Hooks require; also the file name.'),
      pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$',
    },
    kind: {
      type: 'string',
      enum: [...HOOK_KINDS],
      description:
        'Default: read from the name (useToggle/useDisclosure/useBoolean -> toggle, useCounter/useCount -> counter, useDebounce… -> debounce, useLocalStorage/usePersisted…/useStored… -> localStorage, useFetch/use…Query/use…Data -> fetch); required otherwise. toggle: a boolean with toggle/setOn/setOff; counter: a number with increment/decrement/reset (step); state: a typed value with setValue/reset; localStorage: a typed value persisted under a key; debounce: a value that follows its input after a delay; fetch: JSON from a URL with data/error/loading, aborted on change or unmount.',
    },
    description: { type: 'string', maxLength: 500, description: 'One sentence for the doc comment above the hook.' },
    type: {
      type: 'string',
      minLength: 1,
      maxLength: 300,
      description:
        "The value's TypeScript type, written inline (state and localStorage: required; fetch: the JSON's type, default unknown).",
    },
    initial: {
      description:
        'Initial value, JSON (state and localStorage: required; toggle: a boolean, default false; counter: a number, default 0).',
    },
    key: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'localStorage: the default storage key (default: the name in kebab-case without use-).',
    },
    delayMs: { type: 'integer', minimum: 0, maximum: 600000, description: 'debounce: the default delay in milliseconds (default 300).' },
    directory: pathSchema('Folder to write into (default: where the project keeps its hooks, else src/hooks).'),
    exportStyle: {
      type: 'string',
      enum: ['named', 'default', 'both'],
      description: "named, default or both exports (default: as the project's hooks do, else named).",
    },
    test: {
      type: 'boolean',
      description: "Write a renderHook test in the project's runner (vitest or jest). Default true when the project has one.",
    },
    onExisting: onExistingSchema,
    ...taskFieldsSchema,
  },
} as const;

function invalid(field: string, message: string): AgentdError {
  return new AgentdError('invalid_input', `${field}: ${message}`, { details: [{ path: `/${field}`, message }] });
}

const NAME_KINDS: Array<[RegExp, HookKind]> = [
  [/^use(Toggle|Disclosure|Boolean|Switch)\b|^use\w*(Toggle|Open|Visible|Visibility)$/, 'toggle'],
  [/^use(Counter|Count)\b|^use\w*Counter$/, 'counter'],
  [/^useDebounce/, 'debounce'],
  [/^use(LocalStorage|Persisted|Stored|Storage)/, 'localStorage'],
  [/^useFetch|^use\w+(Query|Data)$/, 'fetch'],
];

/** The kind a hook's name asks for (useToggle -> toggle), or null. */
export function kindFromName(name: string): HookKind | null {
  return NAME_KINDS.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

/** The kind: given, else read from the name, else invalid_input listing the kinds (a clarifying question). */
export function resolveKind(input: HookInput): HookKind {
  if (input.kind) return input.kind;
  const kind = kindFromName(input.name);
  if (kind) return kind;
  throw invalid(
    'kind',
    `which kind of hook is ${input.name}? One of ${HOOK_KINDS.join(', ')} (e.g. kind: "state" with type and initial); the name does not say`,
  );
}

/**
 * Checks the name (Rules of Hooks; `what` names the thing in the message: "React hook", "composable"),
 * the type and the initial value for the kind; returns the parsed type.
 */
export function checkHookInput(input: HookInput & { kind: HookKind }, what = 'React hook'): ParsedType | null {
  assertIdentifier(input.name, { field: 'name', kind: what, casing: 'hook' });
  const needsType = input.kind === 'state' || input.kind === 'localStorage';
  const takesType = needsType || input.kind === 'fetch';
  if (needsType && input.type === undefined)
    throw invalid('type', `a ${input.kind} hook needs the value's type (e.g. "string", "{ theme: 'light' | 'dark' }")`);
  if (!takesType && input.type !== undefined)
    throw invalid(
      'type',
      `a ${input.kind} hook has no type to set (${input.kind === 'debounce' ? 'it is generic over its value' : `its value is a ${input.kind === 'toggle' ? 'boolean' : 'number'}`})`,
    );
  if (input.key !== undefined && input.kind !== 'localStorage') throw invalid('key', 'only a localStorage hook has a key');
  if (input.delayMs !== undefined && input.kind !== 'debounce') throw invalid('delayMs', 'only a debounce hook has a delay');
  const parsed = input.type !== undefined ? parseType(input.type, 'type') : null;
  if (needsType && input.initial === undefined)
    throw invalid('initial', `a ${input.kind} hook needs an initial value of type ${input.type}`);
  if (input.initial !== undefined) {
    if (input.kind === 'toggle' && typeof input.initial !== 'boolean') throw invalid('initial', 'a toggle starts as true or false');
    else if (input.kind === 'counter' && (typeof input.initial !== 'number' || !Number.isFinite(input.initial)))
      throw invalid('initial', 'a counter starts at a number');
    else if (input.kind === 'debounce' || input.kind === 'fetch') throw invalid('initial', `a ${input.kind} hook has no initial value`);
    else if (parsed && !valueFits(input.initial, parsed))
      throw invalid('initial', `${JSON.stringify(input.initial)} is not a value of type ${parsed.text}`);
  }
  if (input.directory !== undefined && (input.directory.startsWith('/') || input.directory.split('/').includes('..')))
    throw invalid('directory', 'a folder relative to the workspace root, without ..');
  return parsed;
}
