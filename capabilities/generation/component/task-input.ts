/**
 * The fields today's planner (core/planner generationStep) fills from free text — framework, library,
 * fields, include — folded into generation.component's and generation.hook's own input: a named
 * framework other than React is refused, a styling library selects the styling, fields become props,
 * one included folder becomes the directory. Anything that does not apply is invalid_input, never
 * silently dropped.
 */
import { AgentdError } from '../../../core/index.js';
import type { ComponentInput, ComponentStyling, PropInput } from './input.js';

export interface TaskFields {
  framework?: string;
  library?: string;
  fields?: Array<{ name: string; type: string; optional?: boolean }>;
  include?: string[];
}

export const taskFieldsSchema = {
  framework: {
    type: 'string',
    enum: ['react', 'next', 'vue', 'svelte', 'express', 'fastify', 'nestjs'],
    description:
      'The UI framework named in the task (default: the detected one). Components: React (and Next.js), Vue and Svelte, when the project is one; hooks: React only. The others are refused with the reason.',
  },
  library: {
    type: 'string',
    maxLength: 40,
    description:
      'A library named in the task: tailwind, css-modules or styled-components select the component styling; vitest or jest must be the project runner.',
  },
  fields: {
    type: 'array',
    maxItems: 30,
    description: 'Fields read from the task ("name: string, age: number"); a component takes them as props.',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'type'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 100 },
        type: { type: 'string', minLength: 1, maxLength: 300 },
        optional: { type: 'boolean' },
      },
    },
  },
  include: {
    type: 'array',
    maxItems: 1,
    items: { type: 'string', minLength: 1, maxLength: 300 },
    description: 'The folder the task names ("in src/widgets" -> ["src/widgets/**"]); becomes the directory.',
  },
} as const;

const STYLING_LIBRARIES: Record<string, ComponentStyling> = {
  tailwind: 'tailwind',
  'css-modules': 'css-modules',
  'styled-components': 'styled-components',
};

function invalid(path: string, message: string): AgentdError {
  return new AgentdError('invalid_input', `${path}: ${message}`, { details: [{ path: `/${path}`, message }] });
}

/** The folder of an include glob ("src/widgets/**" -> "src/widgets"), or null when it has none. */
function folderOf(glob: string): string | null {
  const staticPart = glob
    .split('/')
    .filter((p) => p !== '')
    .filter((_, i, parts) => !parts.slice(0, i + 1).some((p) => /[*?[{]/.test(p)));
  return staticPart.length > 0 && !staticPart.some((p) => p === '..') && !/\.[a-z]+$/i.test(staticPart[staticPart.length - 1]!)
    ? staticPart.join('/')
    : null;
}

/** Framework check shared by both generators; returns the directory an include names, or undefined. */
export function foldCommon(input: TaskFields, what: 'component' | 'hook', runner: string | null): string | undefined {
  const built = ['react', 'next', 'vue', 'svelte'];
  if (input.framework !== undefined && !built.includes(input.framework)) {
    throw new AgentdError(
      'generation_refused',
      `generation.${what} writes ${what === 'component' ? 'React, Vue and Svelte components' : 'React hooks, Vue composables and Svelte runes modules'}; ${input.framework} is not a UI framework. Nothing was staged.`,
    );
  }
  if (input.library !== undefined && !(input.library in STYLING_LIBRARIES)) {
    if ((input.library === 'vitest' || input.library === 'jest') && input.library !== runner)
      throw invalid('library', `the project's test runner is ${runner ?? 'not vitest or jest'}; tests are written in the project's runner`);
    if (input.library !== 'vitest' && input.library !== 'jest')
      throw invalid('library', `${input.library} does not apply to a ${what === 'hook' ? 'hook' : 'component'}`);
  }
  const include = input.include?.[0];
  if (include === undefined) return undefined;
  const folder = folderOf(include);
  if (folder === null) throw invalid('include', `"${include}" does not name a folder to write the ${what} into`);
  return folder;
}

/** The component input with the task's fields folded in. */
export function foldComponentTask(input: ComponentInput & TaskFields, runner: string | null): ComponentInput {
  const directory = foldCommon(input, 'component', runner);
  const { framework: _framework, library, fields, include: _include, ...own } = input;
  const styling = library !== undefined ? STYLING_LIBRARIES[library] : undefined;
  if (styling && own.styling && own.styling !== styling) throw invalid('library', `${library} contradicts styling: ${own.styling}`);
  const fromFields: PropInput[] = (fields ?? []).map((f) => ({ name: f.name, type: f.type, ...(f.optional ? { optional: true } : {}) }));
  return {
    ...own,
    ...(styling ? { styling } : {}),
    ...(fromFields.length > 0 ? { props: [...(own.props ?? []), ...fromFields] } : {}),
    ...(directory !== undefined && own.directory === undefined ? { directory } : {}),
  };
}
