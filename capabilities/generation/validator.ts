/**
 * generation.validator: a runtime validator of a TypeScript interface or type alias of the project —
 * zod schemas typed `z.ZodType<T>` (tsc proves they match the type), an ajv JSON Schema with a typed
 * guard, or a hand-written type guard — plus, when asked, a test file in the project's runner.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError } from '../../core/index.js';
import {
  assertIdentifier,
  camelCase,
  collidingExport,
  describeStaged,
  kebabCase,
  onExistingSchema,
  renderTemplate,
  stageFiles,
  type GeneratedFile,
  type OnExisting,
} from './kit/index.js';
import { reachable } from './types/model.js';
import { jsonSchemaOf } from './validator/emit-json-schema.js';
import { guardName, guards } from './validator/emit-guard.js';
import { zodSchemaName, zodSchemas } from './validator/emit-zod.js';
import { detectLibrary, importsWithJs, relativeImport, zodMajor, type Library } from './validator/project-facts.js';
import { TypeReader } from './validator/read-type.js';
import { testCases, withArticle } from './validator/sample-values.js';
import { PLANNING } from './validator/planning.js';

export const meta: CapabilityMeta = {
  id: 'generation.validator',
  group: 'generation',
  title: 'Runtime validator',
  description:
    'A runtime validator of a TypeScript interface or type alias: zod schemas, an ajv JSON Schema with a typed guard, or a hand-written type guard, with an optional test file.',
  version: '1.0.0',
  writes: true,
  planning: PLANNING,
  inputSchema: {
    type: 'object',
    required: ['name'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, description: 'The interface or type alias to validate, e.g. "User".' },
      from: { type: 'string', description: 'Workspace path of the file declaring it; default: the one project file that declares it.' },
      library: {
        type: 'string',
        enum: ['zod', 'ajv', 'guard'],
        description: 'zod, ajv or a hand-written guard; default: zod when the project depends on it, else ajv when it does, else guard.',
      },
      closed: {
        type: 'boolean',
        default: true,
        description: 'Refuse keys the type does not declare (objects without an index signature). Default true.',
      },
      tests: {
        type: 'boolean',
        default: false,
        description:
          "Also write a test file in the project's runner: a valid value passes; a value without a required field, with a wrongly typed field or (closed) an extra key fails.",
      },
      out: { type: 'string', description: 'Workspace path of the validator module; default <folder of the type>/<name>.validator.ts.' },
      testOut: {
        type: 'string',
        description:
          'Workspace path of the test file; default test/<name>.validator.test.ts when the project has test/, else beside the validator.',
      },
      onExisting: onExistingSchema,
      framework: { type: 'string', description: 'Ignored (the planner passes the detected framework to every generator).' },
      fields: { type: 'array', description: 'Ignored: the validator follows the declared type.' },
      include: { type: 'array', items: { type: 'string' }, description: 'Ignored.' },
      exclude: { type: 'array', items: { type: 'string' }, description: 'Ignored.' },
    },
  },
};

export interface ValidatorInput {
  name: string;
  from?: string;
  library?: Library;
  closed?: boolean;
  tests?: boolean;
  out?: string;
  testOut?: string;
  onExisting?: OnExisting;
}

const RUNNER_IMPORT: Record<string, string | null> = {
  'node:test': "import { describe, it } from 'node:test';",
  vitest: "import { describe, it } from 'vitest';",
  mocha: null,
  jest: null,
};

export async function run(input: ValidatorInput, ctx: CapabilityContext): Promise<StepResult> {
  assertIdentifier(input.name, { field: 'name', kind: 'type', casing: 'pascal', isType: true });
  const read = await new TypeReader(ctx, input.closed ?? true).read(input.name, input.from);
  const decls = reachable(read.declarations, input.name);
  const chosen = input.library ? { library: input.library, reason: 'asked for' } : await detectLibrary(ctx);
  const dir = read.file.includes('/') ? read.file.slice(0, read.file.lastIndexOf('/') + 1) : '';
  const out = input.out ?? `${dir}${kebabCase(input.name)}.validator.ts`;
  const esm = await importsWithJs(ctx, read.file);
  const names = decls.map((d) => d.name);
  const imports = [...new Set(decls.map((d) => fileOf(read, d.name)))].map((file) => ({
    names: names.filter((n) => fileOf(read, n) === file),
    from: relativeImport(out, file, esm),
  }));

  let text: string;
  let checkName: string;
  let checkCall: string;
  let note: string | undefined;
  let zod: { major: 3 | 4; from: string } | null = null;
  if (chosen.library === 'zod') {
    zod = await zodMajor(ctx);
    const schemas = zodSchemas(decls, input.name, zod.major);
    await refuseCollisions(
      ctx,
      schemas.map((s) => s.name),
      out,
    );
    ({ text, note } = await renderTemplate(ctx, 'validator', 'zod.eta', { type: input.name, imports, schemas }));
    checkName = zodSchemaName(input.name);
    checkCall = `${checkName}.safeParse(value).success`;
  } else if (chosen.library === 'ajv') {
    const base = camelCase(input.name);
    const data = {
      type: input.name,
      article: withArticle(input.name),
      imports: imports.filter((i) => i.names.includes(input.name)).map((i) => ({ ...i, names: [input.name] })),
      schemaName: `${base}Schema`,
      validateName: `validate${input.name}`,
      guardName: guardName(input.name),
      errorsName: `${base}Errors`,
      schemaJson: JSON.stringify(jsonSchemaOf(decls, input.name), null, 2),
    };
    await refuseCollisions(ctx, [data.schemaName, data.guardName, data.errorsName], out);
    ({ text, note } = await renderTemplate(ctx, 'validator', 'ajv.eta', data));
    checkName = data.guardName;
    checkCall = `${checkName}(value)`;
  } else {
    const emitted = guards(decls, input.name);
    await refuseCollisions(ctx, [guardName(input.name)], out);
    ({ text, note } = await renderTemplate(ctx, 'validator', 'guard.eta', {
      type: input.name,
      imports,
      guards: emitted,
      needsRecord: emitted.some((g) => g.record) || emitted.some((g) => g.body.includes('isRecord(')),
    }));
    checkName = guardName(input.name);
    checkCall = `${checkName}(value)`;
  }
  const files: GeneratedFile[] = [{ path: out, content: text }];
  let testPath: string | null = null;
  let testNote: string | null = null;
  if (input.tests) {
    const runner = ctx.project.testRunner;
    if (runner === 'none') testNote = 'no test file: the project has no test runner';
    else {
      const hasTestDir = (await ctx.workspace.list({ include: ['test/**'] })).length > 0;
      testPath = input.testOut ?? (hasTestDir ? `test/${kebabCase(input.name)}.validator.test.ts` : out.replace(/\.ts$/, '.test.ts'));
      const rendered = await renderTemplate(ctx, 'validator', 'test.eta', {
        type: input.name,
        runnerImport: RUNNER_IMPORT[runner] ?? null,
        checkName,
        checkCall,
        validatorImport: relativeImport(testPath, out, esm),
        cases: testCases(decls, input.name),
      });
      files.push({ path: testPath, content: rendered.text });
    }
  }
  const staged = await stageFiles(ctx, files, input.onExisting ?? 'refuse');
  const notes = [note, testNote].filter((n): n is string => Boolean(n));
  return {
    summary: `generation.validator: ${describeStaged(staged)} — a ${zod ? `zod ${zod.major}` : chosen.library} validator of ${input.name} (${read.file}; ${chosen.reason}${zod ? `; ${zod.from}` : ''}) in ${out}${testPath ? `, its test in ${testPath} (${ctx.project.testRunner}; not run here)` : ''}. Formatted with the project's style; not type-checked here.${notes.length > 0 ? ` ${notes.join('; ')}.` : ''}`,
    data: {
      library: chosen.library,
      ...(zod ? { zodMajor: zod.major } : {}),
      reason: chosen.reason,
      type: input.name,
      declaredIn: read.file,
      types: names,
      out,
      check: checkName,
      ...(testPath ? { test: testPath } : {}),
      staged,
      ...(notes.length > 0 ? { notes } : {}),
    },
  };
}

function fileOf(read: { importsByFile: Map<string, string[]> }, name: string): string {
  for (const [file, names] of read.importsByFile) if (names.includes(name)) return file;
  throw new AgentdError('capability_error', `generation.validator lost track of where ${name} is declared`);
}

async function refuseCollisions(ctx: CapabilityContext, names: string[], out: string): Promise<void> {
  for (const name of names) {
    const clash = await collidingExport(ctx, name, [out]);
    if (clash)
      throw new AgentdError(
        'invalid_input',
        `name: the validator would export ${name}, which ${clash} already exports; pass another out or remove it`,
        { details: [{ path: '/name', message: `${name} exists in ${clash}` }] },
      );
  }
}
