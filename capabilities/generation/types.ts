/**
 * generation.types: TypeScript declarations from JSON samples (merged like quicktype: unions, optional
 * keys, named item interfaces, dates), from a JSON Schema (draft-07 / 2020-12) or from a field list,
 * written in the project's style through the kit (template, names, no silent overwrite).
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError } from '../../core/index.js';
import {
  assertIdentifier,
  collidingExport,
  exportedNames,
  describeStaged,
  kebabCase,
  onExistingSchema,
  renderTemplate,
  stageFiles,
  type OnExisting,
} from './kit/index.js';
import { declarationsFrom, type FieldInput } from './types/declarations.js';
import { printDeclaration } from './types/print.js';
import { readSamples, readSchema } from './types/sources.js';
import { PLANNING } from './types/planning.js';

export const meta: CapabilityMeta = {
  id: 'generation.types',
  group: 'generation',
  title: 'TypeScript types',
  description:
    "TypeScript interfaces and type aliases from JSON samples, a JSON Schema (draft-07 / 2020-12) or a field list, in the project's style.",
  version: '1.0.0',
  writes: true,
  planning: PLANNING,
  inputSchema: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        description: 'Name of the root type (PascalCase), e.g. "User"; nested types are named from their keys.',
      },
      samples: {
        type: 'array',
        description:
          'JSON sample values of the root type; several are merged (keys missing in some become optional, different kinds a union).',
      },
      sample: { type: 'string', description: 'A JSON sample as text (one value, or one value per line).' },
      samplesFrom: {
        type: 'array',
        items: { type: 'string' },
        description: 'Workspace paths of .json (one value) or .jsonl (one value per line) sample files.',
      },
      schema: {
        type: 'object',
        description: 'A JSON Schema (draft-07 or 2020-12) of the root type; its $defs/definitions become named types.',
      },
      schemaFile: { type: 'string', description: 'Workspace path of a JSON Schema file (.json).' },
      fields: {
        type: 'array',
        description: 'Fields of the root interface, when there is neither sample nor schema.',
        items: {
          type: 'object',
          required: ['name', 'type'],
          additionalProperties: false,
          properties: { name: { type: 'string' }, type: { type: 'string' }, optional: { type: 'boolean' } },
        },
      },
      dates: {
        type: 'string',
        enum: ['string', 'Date'],
        default: 'string',
        description:
          'ISO 8601 date strings as documented `string` (default: what JSON.parse gives) or as `Date` (when the caller revives them).',
      },
      out: {
        type: 'string',
        description: 'Workspace path of the file to write; default src/types/<name>.ts (types/<name>.ts without src/).',
      },
      onExisting: onExistingSchema,
      framework: { type: 'string', description: 'Ignored (the planner passes the detected framework to every generator).' },
      library: { type: 'string', description: 'Ignored by generation.types.' },
      include: { type: 'array', items: { type: 'string' }, description: 'Ignored by generation.types.' },
      exclude: { type: 'array', items: { type: 'string' }, description: 'Ignored by generation.types.' },
    },
  },
};

export interface TypesInput {
  name: string;
  samples?: unknown[];
  sample?: string;
  samplesFrom?: string[];
  schema?: Record<string, unknown>;
  schemaFile?: string;
  fields?: FieldInput[];
  dates?: 'string' | 'Date';
  out?: string;
  onExisting?: OnExisting;
}

/** Where a generated module goes when the input names no path: under src/ when the project has one. */
export async function defaultPath(ctx: CapabilityContext, folder: string, file: string): Promise<string> {
  const hasSrc = (await ctx.workspace.list({ include: ['src/**'] })).length > 0;
  return `${hasSrc ? 'src/' : ''}${folder}/${file}`;
}

export async function run(input: TypesInput, ctx: CapabilityContext): Promise<StepResult> {
  assertIdentifier(input.name, { field: 'name', kind: 'type', casing: 'pascal', isType: true });
  const out = input.out ?? (await defaultPath(ctx, 'types', `${kebabCase(input.name)}.ts`));
  if (!/\.(?:ts|mts|cts|tsx)$/.test(out)) throw new AgentdError('invalid_input', `out: ${out} is not a TypeScript file (.ts, .mts, .cts)`);
  const samples = await readSamples(ctx, input);
  const schema = await readSchema(ctx, input);
  const taken = new Set((await exportedNames(ctx)).filter((e) => e.file !== out).map((e) => e.name));
  const set = declarationsFrom(input.name, {
    samples,
    schema,
    ...(input.fields ? { fields: input.fields } : {}),
    dates: input.dates ?? 'string',
    taken,
  });
  for (const decl of set.declarations) {
    const clash = await collidingExport(ctx, decl.name, [out]);
    if (clash)
      throw new AgentdError('invalid_input', `name: ${decl.name} is already exported by ${clash}; choose another name`, {
        details: [{ path: '/name', message: `${decl.name} exists in ${clash}` }],
      });
  }
  const header =
    set.source === 'samples'
      ? `Types of ${input.name} inferred from ${samples.length} JSON sample${samples.length === 1 ? '' : 's'} by agentd generation.types.`
      : set.source === 'schema'
        ? `Types of ${input.name} from its JSON Schema, generated by agentd generation.types.`
        : `${input.name}, generated by agentd generation.types.`;
  const rendered = await renderTemplate(ctx, 'types', 'types.eta', {
    header,
    declarations: set.declarations.map(printDeclaration),
    dates: input.dates ?? 'string',
  });
  const staged = await stageFiles(ctx, [{ path: out, content: rendered.text }], input.onExisting ?? 'refuse');
  const names = set.declarations.map((d) => d.name);
  const notes = [
    rendered.note,
    set.ignored.length > 0 ? `schema keywords without a TypeScript counterpart were left out: ${set.ignored.join(', ')}` : undefined,
  ].filter((n): n is string => Boolean(n));
  return {
    summary: `generation.types: ${describeStaged(staged)} — ${out} declares ${names.join(', ')} (from ${set.source}). Formatted with the project's style; not type-checked here.${notes.length > 0 ? ` ${notes.join('; ')}.` : ''}`,
    data: { out, source: set.source, declarations: names, staged, template: rendered.source, ...(notes.length > 0 ? { notes } : {}) },
  };
}
