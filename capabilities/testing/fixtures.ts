/**
 * testing.fixtures: typed test factories and mocks generated from the project's TypeScript types —
 * like fishery or @faker-js factories, but written into the project, dependency-free and
 * deterministic. The types are read with the TypeScript compiler API (fixtures/read-types.ts); the
 * module (fixtures/emit-factories.ts) has a seeded PRNG, `build<T>(overrides)` / `build<T>List(n,
 * overrides)` per object type, `mock<T>(overrides)` per type with methods (stubs recording calls and
 * returning built values), in the project's module system and formatted with its style.
 */
import {
  AgentdError,
  CapabilityError,
  type CapabilityContext,
  type CapabilityMeta,
  type JSONSchema,
  type StepResult,
} from '../../core/index.js';
import { FactoryEmitter } from './fixtures/emit-factories.js';
import { PLANNING } from './fixtures/planning.js';
import { TypeReader } from './fixtures/read-types.js';
import { Unbuildable, type Declaration } from './fixtures/shapes.js';

const DEFAULT_SEED = 1;
const MAX_TYPES = 50;
const MAX_FILES = 50;
const TEST_DIRS = ['test', 'tests', '__tests__', 'spec'];
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;

export interface FixturesInput {
  types?: string | string[];
  include?: string[];
  out?: string;
  seed?: number;
  onExisting?: 'refuse' | 'propose';
  exclude?: string[];
}

export const meta: CapabilityMeta = {
  id: 'testing.fixtures',
  group: 'testing',
  title: 'Test fixtures',
  description:
    "Generates typed, deterministic test factories (build<T>(overrides), build<T>List(n, overrides)) and call-recording mocks of interfaces with methods from the project's TypeScript interfaces, type aliases and enums: a seeded PRNG written into the module, values fitting each type and property name, no dependency.",
  version: '1.0.0',
  writes: true,
  planning: PLANNING,
  errors: [
    {
      code: 'fixtures_unknown_type',
      description:
        'No interface, type alias or enum of that name in the project; the message lists the names it looked for and the closest declared ones.',
    },
    {
      code: 'fixtures_refused',
      description:
        'Nothing staged: a named type has no value it can build (a function type, a generic without type arguments, a class, a construct it does not model) or the factory file exists with other content; the message says which and why.',
    },
  ],
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      types: {
        anyOf: [
          { type: 'string', minLength: 1, pattern: '^[A-Za-z_$][\\w$]*$' },
          { type: 'array', minItems: 1, maxItems: MAX_TYPES, items: { type: 'string', minLength: 1, pattern: '^[A-Za-z_$][\\w$]*$' } },
        ],
        description:
          'The interfaces, type aliases or enums to build factories for ("User" or ["User", "Order"]); default: every exported one of the include files.',
      },
      include: {
        type: 'array',
        minItems: 1,
        maxItems: 20,
        items: { type: 'string', minLength: 1 },
        description:
          'Files (globs) to take the types from: every exported interface, type alias and enum when types is not given, else where to look for them.',
      },
      out: {
        type: 'string',
        minLength: 1,
        pattern: '\\.[cm]?ts$',
        description: "Workspace path of the factory module; default <the project's test folder>/factories/<type or file>.factory.ts.",
      },
      seed: { type: 'integer', minimum: 0, maximum: 4294967295, description: 'The PRNG seed written into the module (default 1).' },
      onExisting: {
        type: 'string',
        enum: ['refuse', 'propose'],
        description: 'When the factory module exists with other content: refuse (default) or propose the change as a staged diff.',
      },
      exclude: { type: 'array', items: { type: 'string' }, description: 'Files (globs) left out of include.' },
    },
  } satisfies JSONSchema,
};

export async function run(input: FixturesInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const named = options.types === undefined ? [] : Array.isArray(options.types) ? [...new Set(options.types)] : [options.types];
  if (named.length === 0 && !options.include) {
    // A plan's "make mock data builders" step that names no type or file: nothing to read.
    return {
      summary: 'No factories were generated: name the types to build them for (types) or the files to take them from (include).',
      data: { generated: false },
      notRun: [{ part: 'generation', reason: 'no type or file named (types, include)' }],
    };
  }
  const reader = new TypeReader(ctx);
  const files = await reader.sourceFiles(options.include, options.exclude);
  if (files.length === 0)
    throw new AgentdError('invalid_input', `include: no TypeScript file matches ${JSON.stringify(options.include ?? ['**'])}`, {
      details: [{ path: '/include', message: 'no TypeScript file' }],
    });

  // The requested types: named ones must all build; collected ones that do not are skipped and listed.
  const wanted: { name: string; file: string; named: boolean }[] = [];
  if (named.length > 0) {
    try {
      for (const [name, file] of await reader.locate(named, files)) wanted.push({ name, file, named: true });
    } catch (error) {
      if (error instanceof Unbuildable) throw refusal(error);
      throw error;
    }
  } else {
    for (const file of files.slice(0, MAX_FILES))
      for (const name of await reader.exportedNames(file)) wanted.push({ name, file, named: false });
    if (wanted.length === 0)
      throw new CapabilityError(
        'fixtures_unknown_type',
        `types: ${files.join(', ')} export${files.length === 1 ? 's' : ''} no interface, type alias or enum`,
        {
          details: [{ path: '/include', message: 'no exported type' }],
        },
      );
  }
  const roots: Declaration[] = [];
  const skipped: { type: string; reason: string }[] = [];
  for (const w of wanted) {
    ctx.signal.throwIfAborted();
    try {
      const decl = await reader.read(w.name, w.file);
      if (!decl.exported)
        throw new Unbuildable(w.name, `it is not exported under its own name from ${decl.file}; the factory module cannot import it`);
      if (decl.shape.kind === 'function')
        throw new Unbuildable(w.name, 'it is a function type: there is no data to build (an interface with methods gets a mock)');
      // The module must build: an emitter per type finds what it cannot write before the shared one.
      new FactoryEmitter({ roots: [w.name], declarations: reader.declarations, seed: 0, specifier: () => '', header: '' }).emit();
      roots.push(decl);
    } catch (error) {
      if (!(error instanceof Unbuildable)) throw error;
      if (w.named) throw refusal(error);
      skipped.push({ type: w.name, reason: error.reason });
    }
  }
  if (roots.length === 0)
    throw new CapabilityError(
      'fixtures_refused',
      `types: no exported type of ${files.join(', ')} can be built: ${skipped.map((s) => `${s.type} (${s.reason})`).join('; ')}`,
    );

  const seed = options.seed ?? DEFAULT_SEED;
  const out = options.out ?? (await defaultOut(ctx, roots, named.length > 0));
  const esm = await importsWithJs(ctx, [...new Set([...reader.declarations.values()].map((d) => d.file))], files);
  const sources = [...new Set(roots.map((r) => r.file))];
  const header = [
    '/**',
    ` * Test factories generated by agentd (testing.fixtures) from ${sources.join(', ')}; seed ${seed}.`,
    ' * Deterministic: the same calls in the same order give the same values (resetFactories() starts again).',
    ' * Overrides are merged shallowly: a nested object given in overrides replaces the built one whole.',
    ' * Regenerate it rather than editing it by hand.',
    ' */',
  ].join('\n');
  let emitted;
  try {
    emitted = new FactoryEmitter({
      roots: roots.map((r) => r.name),
      declarations: reader.declarations,
      seed,
      specifier: (file) => relativeImport(out, file, esm),
      header,
    }).emit();
  } catch (error) {
    if (error instanceof Unbuildable) throw refusal(error);
    throw error;
  }
  const content = await ctx.tools.format(out, emitted.text);
  const before = (await ctx.workspace.exists(out)) ? await ctx.workspace.read(out) : undefined;
  const status = before === undefined ? 'created' : before === content ? 'unchanged' : 'changed';
  if (status === 'changed' && (options.onExisting ?? 'refuse') === 'refuse')
    throw new CapabilityError(
      'fixtures_refused',
      `${out} already exists with other content; nothing was staged. Pass another out, or onExisting: "propose" to review the change as a diff.`,
      { details: [{ path: '/onExisting', message: `${out} exists` }] },
    );
  if (status !== 'unchanged') await ctx.workspace.write(out, content);

  const functions = Object.values(emitted.exports).flat();
  const mocks = Object.entries(emitted.exports)
    .filter(([, fns]) => fns.some((f) => f.startsWith('mock')))
    .map(([t]) => t);
  const verb = status === 'created' ? 'created' : status === 'changed' ? 'proposed a change to' : 'left unchanged';
  const parts = [
    `testing.fixtures: ${verb} ${out} — ${functions.length} function${functions.length === 1 ? '' : 's'} for ${roots.map((r) => r.name).join(', ')}${mocks.length > 0 ? ` (mocks: ${mocks.join(', ')})` : ''}, seed ${seed}.`,
  ];
  if (named.length === 0 && files.length > MAX_FILES)
    parts.push(`Took the types of the first ${MAX_FILES} of ${files.length} files; narrow include for the rest.`);
  if (skipped.length > 0) parts.push(`Skipped ${skipped.map((s) => `${s.type} (${s.reason})`).join('; ')}.`);
  if (emitted.stops.length > 0) parts.push(`Recursion stopped at ${emitted.stops.join(', ')}.`);
  parts.push("Formatted with the project's style; not type-checked here (refactoring.verify does in a plan).");
  return {
    summary: parts.join(' '),
    data: {
      out,
      status,
      seed,
      types: roots.map((r) => ({ name: r.name, file: r.file, functions: emitted.exports[r.name] ?? [] })),
      functions: emitted.exports,
      skipped,
      recursionStops: emitted.stops,
      importSpecifiers: esm ? '.js' : 'extensionless',
    },
  };
}

function refusal(error: Unbuildable): CapabilityError {
  return new CapabilityError('fixtures_refused', `types: cannot build ${error.type}: ${error.reason}`, {
    details: [{ path: '/types', message: `${error.type}: ${error.reason}` }],
  });
}

/**
 * `<folder>/factories/<type or file>.factory.ts` beside the project's tests: its test folder (test/,
 * tests/, __tests__/, spec/); else, when its tests sit in the source tree, `<their common folder>/test`;
 * else test/.
 */
async function defaultOut(ctx: CapabilityContext, roots: Declaration[], named: boolean): Promise<string> {
  const listed = await ctx.workspace.list({ exclude: ['node_modules/**', 'dist/**', 'build/**', 'coverage/**'] });
  let dir = TEST_DIRS.find((d) => listed.some((f) => f.startsWith(`${d}/`)));
  if (!dir) {
    const tests = listed.filter((f) => TEST_FILE.test(f)).map((f) => f.split('/').slice(0, -1));
    const common = tests.length > 0 ? tests.reduce(commonPrefix) : [];
    dir = common.length > 0 ? `${common.join('/')}/test` : 'test';
  }
  const files = [...new Set(roots.map((r) => r.file))];
  const base =
    named && roots.length === 1
      ? kebab(roots[0]!.name)
      : files.length === 1
        ? files[0]!
            .split('/')
            .pop()!
            .replace(/\.[cm]?tsx?$/, '')
        : named
          ? kebab(roots[0]!.name)
          : 'fixtures';
  return `${dir}/factories/${base}.factory.ts`;
}

const commonPrefix = (a: string[], b: string[]): string[] => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return a.slice(0, i);
};

const kebab = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The import specifier of `to` from `from` (workspace paths): `.js` for ES modules, none otherwise. */
function relativeImport(from: string, to: string, esm: boolean): string {
  const a = from.split('/').slice(0, -1);
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i += 1;
  const rel = [...(a.length === i ? ['.'] : Array<string>(a.length - i).fill('..')), ...b.slice(i)].join('/');
  const bare = rel.replace(/(?:\.d)?\.(?:ts|tsx|mts|cts)$/, '');
  const ext = to.endsWith('.mts') ? '.mjs' : to.endsWith('.cts') ? '.cjs' : '.js';
  return esm ? `${bare}${ext}` : bare;
}

/**
 * Whether relative imports end in `.js`: as the declaring files write theirs, else as the project's
 * other sources do, else as the module system needs (ESM yes).
 */
async function importsWithJs(ctx: CapabilityContext, declaring: string[], sources: string[]): Promise<boolean> {
  const files = [...declaring, ...sources.filter((f) => !declaring.includes(f)).slice(0, 30)];
  const { files: read } = await ctx.workspace.readMany(files);
  const byPath = new Map(read.map((f) => [f.path, f.content]));
  for (const file of files) {
    const specifiers = [...(byPath.get(file) ?? '').matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
    if (specifiers.some((s) => /\.[cm]?js$/.test(s))) return true;
    if (specifiers.length > 0) return false;
  }
  return ctx.project.moduleSystem === 'esm';
}
