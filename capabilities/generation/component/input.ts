/** generation.component's input: its JSON Schema and the checks the schema cannot express (names, types, defaults). */
import { AgentdError, nameSchema, pathSchema } from '../../../core/index.js';
import { assertIdentifier, onExistingSchema, type OnExisting } from '../kit/index.js';
import { parseType, typeRole, valueFits, type ParsedType } from './type-text.js';
import { taskFieldsSchema } from './task-input.js';

export type ComponentStyling = 'tailwind' | 'css-modules' | 'styled-components' | 'plain-css' | 'scoped' | 'none';
export type StateKind = 'boolean' | 'number' | 'string';

export interface PropInput {
  name: string;
  type: string;
  optional?: boolean;
  default?: unknown;
  description?: string;
}

export interface StateInput {
  name: string;
  type: StateKind;
  initial?: boolean | number | string;
}

export interface HandlerInput {
  name: string;
  label?: string;
  payload?: string;
  optional?: boolean;
}

export interface ComponentInput {
  name: string;
  description?: string;
  props?: PropInput[];
  state?: StateInput[];
  handlers?: HandlerInput[];
  children?: boolean;
  directory?: string;
  styling?: ComponentStyling;
  exportStyle?: 'named' | 'default' | 'both';
  test?: boolean;
  onExisting?: OnExisting;
}

const identifier = (description: string) => ({ ...nameSchema(description), pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$' });

export const componentInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: identifier('Component name in PascalCase (UserCard); also the file name, in the casing the project uses for component files.'),
    description: { type: 'string', maxLength: 500, description: 'One sentence for the doc comment above the component.' },
    props: {
      type: 'array',
      maxItems: 30,
      description:
        'Props of the typed props interface. string/number/ReactNode props are shown in the markup, boolean props become data- attributes of the root element, other types are typed only.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type'],
        properties: {
          name: identifier('Prop name in camelCase.'),
          type: {
            type: 'string',
            minLength: 1,
            maxLength: 300,
            description:
              "A TypeScript type written inline: string, number, boolean, ReactNode, 'sm' | 'lg', { id: number }[], (id: number) => void. Project types are not imported.",
          },
          optional: { type: 'boolean', description: 'Optional prop (?:). Default false; true when a default is given.' },
          default: {
            description: 'Default value (JSON) for a string, number, boolean or ReactNode prop, applied in the parameter destructuring.',
          },
          description: { type: 'string', maxLength: 300, description: 'Doc comment of the prop.' },
        },
      },
    },
    state: {
      type: 'array',
      maxItems: 10,
      description:
        'Local state (useState), each with a control the test drives: boolean -> a toggle button (aria-pressed), number -> a counter button, string -> a labelled text input.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'type'],
        properties: {
          name: identifier('State name in camelCase; the setter is set<Name>.'),
          type: { type: 'string', enum: ['boolean', 'number', 'string'], description: 'The state type.' },
          initial: { type: ['boolean', 'number', 'string'], description: 'Initial value (default false, 0 or an empty string).' },
        },
      },
    },
    handlers: {
      type: 'array',
      maxItems: 10,
      description:
        'Callback props (onSave, onSelect), each fired by a button the generated test clicks. In a Vue component they are emitted events (onSave -> emit("save")).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: identifier('Handler prop name: on followed by a capital letter (onSave).'),
          label: {
            type: 'string',
            minLength: 1,
            maxLength: 60,
            description: 'Text of the button that fires it (default from the name: onSave -> "Save").',
          },
          payload: identifier('Name of a state entry or prop passed to the handler as its argument (default: no argument).'),
          optional: { type: 'boolean', description: 'Optional handler prop (called with ?.). Default false.' },
        },
      },
    },
    children: {
      type: 'boolean',
      description:
        'Accept children rendered inside the root element (React: ReactNode; Vue: the default slot; Svelte 5: the children snippet, Svelte 4: the default slot). Default false.',
    },
    directory: pathSchema('Folder to write into (default: where the project keeps its components, else src/components).'),
    styling: {
      type: 'string',
      enum: ['tailwind', 'css-modules', 'styled-components', 'plain-css', 'scoped', 'none'],
      description:
        "Styling to use instead of the detected one (what the project's components use, else the project's styling). scoped: Vue's <style scoped> / Svelte's <style> (Vue and Svelte only); css-modules is Vue's <style module> in a Vue project; styled-components is React only.",
    },
    exportStyle: {
      type: 'string',
      enum: ['named', 'default', 'both'],
      description: "named, default or both exports (default: as the project's components do, else named).",
    },
    test: {
      type: 'boolean',
      description: "Write a Testing Library test in the project's runner (vitest or jest). Default true when the project has one.",
    },
    onExisting: onExistingSchema,
    ...taskFieldsSchema,
  },
} as const;

export interface CheckedProp extends PropInput {
  parsed: ParsedType;
}

function invalid(path: string, message: string): AgentdError {
  return new AgentdError('invalid_input', `${path.replace(/^\//, '').replace(/\//g, '.')}: ${message}`, { details: [{ path, message }] });
}

/** Checks names, types, defaults and references; returns the parsed prop types. */
export function checkComponentInput(input: ComponentInput): CheckedProp[] {
  assertIdentifier(input.name, { field: 'name', kind: 'component', casing: 'pascal', isType: true });
  const taken = new Map<string, string>();
  const claim = (name: string, where: string): void => {
    const before = taken.get(name);
    if (before) throw invalid(where, `"${name}" is already used by ${before}`);
    taken.set(name, where.replace(/^\//, '').replace(/\//g, '.'));
  };
  if (input.children) claim('children', '/children');
  const props = (input.props ?? []).map((prop, i): CheckedProp => {
    const field = `props.${i}.name`;
    assertIdentifier(prop.name, { field, kind: 'prop', casing: 'camel' });
    if (prop.name === 'children') throw invalid(`/props/${i}/name`, 'use children: true for children');
    claim(prop.name, `/props/${i}/name`);
    const parsed = parseType(prop.type, `props.${i}.type`);
    if (prop.default !== undefined) {
      if (prop.optional === false)
        throw invalid(`/props/${i}/default`, 'a prop with a default is optional; drop optional: false or the default');
      if (!valueFits(prop.default, parsed))
        throw invalid(
          `/props/${i}/default`,
          `${JSON.stringify(prop.default)} is not a value of type ${parsed.text} (defaults are JSON values of string, number, boolean, ReactNode or literal-union props)`,
        );
    }
    return { ...prop, parsed };
  });
  (input.state ?? []).forEach((entry, i) => {
    assertIdentifier(entry.name, { field: `state.${i}.name`, kind: 'state', casing: 'camel' });
    claim(entry.name, `/state/${i}/name`);
    const setter = `set${entry.name.charAt(0).toUpperCase()}${entry.name.slice(1)}`;
    claim(setter, `/state/${i}/name`);
    if (entry.initial !== undefined && typeof entry.initial !== entry.type)
      throw invalid(`/state/${i}/initial`, `${JSON.stringify(entry.initial)} is not a ${entry.type}`);
  });
  const payloadNames = new Set([...props.map((p) => p.name), ...(input.state ?? []).map((s) => s.name)]);
  (input.handlers ?? []).forEach((handler, i) => {
    if (!/^on[A-Z][A-Za-z0-9]*$/.test(handler.name))
      throw invalid(
        `/handlers/${i}/name`,
        `"${handler.name}" is not a handler prop name: on followed by a capital letter (e.g. "on${handler.name.charAt(0).toUpperCase()}${handler.name.slice(1)}")`,
      );
    claim(handler.name, `/handlers/${i}/name`);
    if (handler.payload !== undefined && !payloadNames.has(handler.payload))
      throw invalid(`/handlers/${i}/payload`, `"${handler.payload}" is neither a prop nor a state entry of the component`);
  });
  const used = props.some(
    (p) => typeRole(p.parsed) !== 'other' || (payloadNames.has(p.name) && (input.handlers ?? []).some((h) => h.payload === p.name)),
  );
  if (props.length > 0 && !used && (input.handlers ?? []).length === 0 && !input.children) {
    throw invalid(
      '/props',
      'none of the props is shown (string, number, ReactNode), a flag (boolean) or a handler payload, so the component would take props it never reads (an unused parameter the lint and noUnusedParameters reject); add a shown prop, or pass one to a handler as its payload',
    );
  }
  if (input.directory !== undefined && (input.directory.startsWith('/') || input.directory.split('/').includes('..')))
    throw invalid('/directory', 'a folder relative to the workspace root, without ..');
  return props;
}
