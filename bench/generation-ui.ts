/**
 * generation.component and generation.hook (issue #21) on a matrix: capability x fixture stack
 * (fixtures/generation/react-vite-tailwind-vitest, react-cssmodules-tabs; for hooks also the Vue and
 * Svelte stacks of generation-ui-stacks.ts: Vue composables in TypeScript and JavaScript, Svelte 5 runes
 * modules, Svelte 4 stores) x SPECS specs drawn from a
 * fixed seed (`--seed`, default 21; `--specs`, default 20; `--only component|hook`): random names, props of every supported
 * type shape with optional/defaults, state, handlers with payloads, children and each styling but
 * styled-components (not installed here) for components; every kind with random types and initial
 * values for hooks. All specs of one cell are generated into one temp copy of the fixture, then the
 * project's real checks run once over them and are attributed per spec by file: tsc --noEmit
 * (agentd's TypeScript, the fixture's tsconfig), ESLint (the fixture's config, JSON output),
 * Prettier --list-different (idempotent formatting), vitest --reporter=json on the generated tests.
 * A check the fixture has no configuration for (no ESLint config in the Vue and Svelte fixtures) is
 * reported as n/a, not as passed; JavaScript stacks are type-checked with tsc --checkJs (strict).
 * Prints the share of specs clean on each check (goal 100 %) and the generation time per capability.
 * There is no peer generator to run offline; the checks are the projects' own tools.
 */
import path from 'node:path';
import { readFile, rm, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { run as component } from '../capabilities/generation/component.js';
import { run as hook } from '../capabilities/generation/hook.js';
import type { ComponentInput, ComponentStyling, PropInput, StateInput, HandlerInput } from '../capabilities/generation/component/input.js';
import type { HookInput, HookKind } from '../capabilities/generation/hook/input.js';
import { copyFixture, generate, repo, runIn } from '../test/capabilities/generation/component/react-fixture.js';
import { HOOK_ONLY_STACKS, writeTypeCheckConfig, type Stack } from './generation-ui-stacks.js';

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

/** mulberry32: a small seeded PRNG, so a run is reproducible. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = [
  'user',
  'order',
  'invoice',
  'profile',
  'cart',
  'product',
  'comment',
  'task',
  'team',
  'report',
  'price',
  'status',
  'search',
  'filter',
  'avatar',
  'message',
];
const KINDS_OF_UI = ['card', 'panel', 'list', 'form', 'badge', 'banner', 'summary', 'row', 'tile', 'header'];
const PROP_WORDS = [
  'title',
  'subtitle',
  'count',
  'amount',
  'label',
  'caption',
  'items',
  'size',
  'tone',
  'active',
  'disabled',
  'createdAt',
  'owner',
  'icon',
  'limit',
  'selectedId',
  'tags',
  'onlineSince',
];
const PROP_TYPES: Array<{ type: string; defaults?: unknown[] }> = [
  { type: 'string', defaults: ['Untitled', ''] },
  { type: 'number', defaults: [0, 10] },
  { type: 'boolean', defaults: [false, true] },
  { type: 'ReactNode' },
  { type: "'sm' | 'md' | 'lg'", defaults: ['md'] },
  { type: '{ id: number; label: string }[]' },
  { type: '(id: number) => void' },
  { type: 'Date' },
  { type: 'string[]' },
  { type: 'Record<string, number>' },
  { type: '[number, number]' },
  { type: '{ name: string; email?: string }' },
];
const STYLINGS: ComponentStyling[] = ['tailwind', 'css-modules', 'plain-css', 'none'];
const HANDLER_WORDS = ['save', 'cancel', 'delete', 'select', 'share', 'retry', 'archive', 'confirm'];

const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

export function componentSpec(r: () => number, i: number): ComponentInput {
  const name = `${cap(pick(r, NOUNS))}${cap(pick(r, KINDS_OF_UI))}${i}`;
  const used = new Set<string>();
  const props: PropInput[] = [];
  for (let n = Math.floor(r() * 6); n > 0; n--) {
    const word = pick(r, PROP_WORDS);
    if (used.has(word)) continue;
    used.add(word);
    const shape = pick(r, PROP_TYPES);
    const prop: PropInput = { name: word, type: shape.type };
    const roll = r();
    if (shape.defaults && roll < 0.3) prop.default = pick(r, shape.defaults);
    else if (roll < 0.5) prop.optional = true;
    if (r() < 0.3) prop.description = `The ${word} shown.`;
    props.push(prop);
  }
  const state: StateInput[] = [];
  for (let n = Math.floor(r() * 4); n > 0; n--) {
    const type = pick(r, ['boolean', 'number', 'string'] as const);
    const stateName = `${pick(r, ['open', 'selected', 'draft', 'clicks', 'query', 'expanded', 'pinned', 'page'])}${state.length}`;
    const entry: StateInput = { name: stateName, type };
    if (r() < 0.4) entry.initial = type === 'boolean' ? true : type === 'number' ? Math.floor(r() * 10) : 'start';
    state.push(entry);
  }
  const handlers: HandlerInput[] = [];
  for (let n = Math.floor(r() * 3); n > 0; n--) {
    const word = pick(r, HANDLER_WORDS);
    if (handlers.some((h) => h.name === `on${cap(word)}`)) continue;
    const payloads = [...props.map((p) => p.name), ...state.map((s) => s.name)];
    const handler: HandlerInput = { name: `on${cap(word)}` };
    if (payloads.length > 0 && r() < 0.5) handler.payload = pick(r, payloads);
    if (r() < 0.3) handler.optional = true;
    handlers.push(handler);
  }
  return { name, props, state, handlers, children: r() < 0.4, styling: pick(r, STYLINGS) };
}

const HOOK_TYPES: Array<{ type: string; initial: unknown }> = [
  { type: 'string', initial: '' },
  { type: 'number', initial: 1 },
  { type: 'boolean', initial: false },
  { type: "'light' | 'dark'", initial: 'light' },
  { type: 'string[]', initial: [] },
  { type: '{ page: number; size: number }', initial: { page: 1, size: 20 } },
  { type: '{ id: number; label: string }[]', initial: [] },
  { type: 'number | null', initial: null },
];
const KINDS: HookKind[] = ['toggle', 'counter', 'state', 'localStorage', 'debounce', 'fetch'];

function hookSpec(r: () => number, i: number): HookInput {
  const kind = KINDS[i % KINDS.length]!;
  const name = `use${cap(pick(r, NOUNS))}${cap(pick(r, ['value', 'state', 'flag', 'data', 'prefs', 'list']))}${i}`;
  const shape = pick(r, HOOK_TYPES);
  switch (kind) {
    case 'toggle':
      return { name, kind, ...(r() < 0.5 ? { initial: true } : {}) };
    case 'counter':
      return { name, kind, ...(r() < 0.5 ? { initial: Math.floor(r() * 100) } : {}) };
    case 'state':
      return { name, kind, type: shape.type, initial: shape.initial };
    case 'localStorage':
      return { name, kind, type: shape.type, initial: shape.initial, ...(r() < 0.5 ? { key: `bench:${i}` } : {}) };
    case 'debounce':
      return { name, kind, ...(r() < 0.5 ? { delayMs: Math.floor(r() * 1000) } : {}) };
    default:
      return { name, kind, ...(r() < 0.6 ? { type: shape.type } : {}) };
  }
}

interface Cell {
  capability: string;
  fixture: string;
  specs: number;
  generated: number;
  /** null: the fixture has no tsconfig.json / ESLint config, so the check does not apply. */
  tsc: number | null;
  eslint: number | null;
  prettier: number;
  tests: number;
  genMs: number[];
  failures: string[];
}

const bin = (name: string): string => path.join(repo, 'node_modules', '.bin', name);

async function runCell(capability: 'component' | 'hook', stack: Stack, count: number, seed: number): Promise<Cell> {
  const r = prng(seed);
  const copy = await copyFixture(stack.fixture);
  const modules = path.join(copy.root, 'node_modules');
  await stack.prepare?.(copy.root);
  if (stack.unlinked) await rm(modules);
  const tsconfig = stack.typeCheck?.file ?? 'tsconfig.json';
  if (stack.typeCheck) await writeTypeCheckConfig(copy.root, stack.typeCheck, stack.fixture.startsWith('svelte') ? ['svelte'] : []);
  const hasTsconfig = existsSync(path.join(copy.root, tsconfig));
  const hasEslint = ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.ts', 'eslint.config.cjs'].some((f) =>
    existsSync(path.join(copy.root, f)),
  );
  const cell: Cell = {
    capability: `generation.${capability}`,
    fixture: stack.label,
    specs: count,
    generated: 0,
    tsc: hasTsconfig ? 0 : null,
    eslint: hasEslint ? 0 : null,
    prettier: 0,
    tests: 0,
    genMs: [],
    failures: [],
  };
  const perSpec: Array<{ files: string[]; tests: string[] }> = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      try {
        const out =
          capability === 'component'
            ? await generate(component, copy.root, componentSpec(r, i))
            : await generate(hook, copy.root, hookSpec(r, i));
        cell.genMs.push(performance.now() - started);
        const files = [...out.files.keys()];
        perSpec.push({ files, tests: files.filter((f) => /\.test\.[jt]sx?$/.test(f)) });
        cell.generated++;
      } catch (error) {
        cell.failures.push(`spec ${i}: generation failed: ${(error as Error).message}`);
        perSpec.push({ files: [], tests: [] });
      }
    }
    if (stack.unlinked) await symlink(path.join(repo, 'node_modules'), modules, 'dir');
    const all = perSpec.flatMap((s) => s.files);
    const code = all.filter((f) => /\.tsx?$/.test(f));
    const tsc = !hasTsconfig
      ? { code: 0, output: '' }
      : await runIn(copy.root, process.execPath, [
          path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc'),
          '-p',
          tsconfig,
          '--noEmit',
          '--pretty',
          'false',
        ]);
    const tscBad = new Set([...tsc.output.matchAll(/^([^\s(]+)\(\d+,\d+\): error/gm)].map((m) => m[1]!));
    // tsc failing with no error in a file (a config error, no inputs) fails every spec rather than none.
    if (tsc.code !== 0 && tscBad.size === 0) {
      cell.failures.push(`tsc failed outside the generated files: ${tsc.output.slice(0, 300)}`);
      all.forEach((f) => tscBad.add(f));
    }
    const eslint = hasEslint ? await runIn(copy.root, bin('eslint'), ['--format', 'json', ...code]) : null;
    const eslintBad = new Set<string>();
    if (eslint)
      try {
        for (const file of JSON.parse(eslint.output.slice(eslint.output.indexOf('['))) as Array<{
          filePath: string;
          errorCount: number;
          warningCount: number;
        }>)
          if (file.errorCount + file.warningCount > 0) eslintBad.add(path.relative(copy.root, file.filePath));
      } catch {
        cell.failures.push(`eslint output unreadable: ${eslint.output.slice(0, 300)}`);
        code.forEach((f) => eslintBad.add(f));
      }
    const prettier = await runIn(copy.root, bin('prettier'), ['--list-different', ...all]);
    const prettierBad = new Set(
      prettier.output
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => all.includes(l)),
    );
    const tests = perSpec.flatMap((s) => s.tests);
    const report = path.join(copy.root, 'vitest-report.json');
    await runIn(copy.root, bin('vitest'), ['run', ...(stack.vitestArgs ?? []), '--reporter=json', `--outputFile=${report}`, ...tests]);
    const testBad = new Set<string>(tests);
    try {
      const json = JSON.parse(await readFile(report, 'utf8')) as {
        testResults: Array<{ name: string; status: string; assertionResults: Array<{ status: string }> }>;
      };
      for (const result of json.testResults)
        if (result.status === 'passed' && result.assertionResults.length > 0 && result.assertionResults.every((a) => a.status === 'passed'))
          testBad.delete(path.relative(copy.root, result.name));
    } catch {
      cell.failures.push('vitest wrote no JSON report');
    }
    perSpec.forEach((spec, i) => {
      if (spec.files.length === 0) return;
      const bad = (set: Set<string>) => spec.files.some((f) => set.has(f));
      if (cell.tsc === null) {
        // no tsconfig: nothing to type-check
      } else if (!spec.files.some((f) => tscBad.has(f))) cell.tsc++;
      else
        cell.failures.push(
          `spec ${i} tsc: ${tsc.output
            .split('\n')
            .filter((l) => spec.files.some((f) => l.startsWith(f)))
            .slice(0, 3)
            .join(' | ')}`,
        );
      if (cell.eslint === null) {
        // no ESLint config: nothing to lint with
      } else if (!bad(eslintBad)) cell.eslint++;
      else cell.failures.push(`spec ${i} eslint: ${spec.files.filter((f) => eslintBad.has(f)).join(', ')}`);
      if (!bad(prettierBad)) cell.prettier++;
      else cell.failures.push(`spec ${i} prettier: ${spec.files.filter((f) => prettierBad.has(f)).join(', ')}`);
      if (spec.tests.length > 0 && !spec.tests.some((t) => testBad.has(t))) cell.tests++;
      else cell.failures.push(`spec ${i} tests: ${spec.tests.join(', ') || 'no test written'}`);
    });
  } finally {
    await copy.remove();
  }
  return cell;
}

const pct = (n: number | null, d: number): string => (n === null ? 'n/a' : `${d === 0 ? 0 : Math.round((n / d) * 1000) / 10}%`).padStart(7);
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
};

export async function run(): Promise<void> {
  const seed = arg('seed', 21);
  const specs = arg('specs', 20);
  const fixtures: Stack[] = ['react-vite-tailwind-vitest', 'react-cssmodules-tabs'].map((fixture) => ({ label: fixture, fixture }));
  console.log(
    `generation.component / generation.hook matrix: seed ${seed}, ${specs} specs per cell; checks: tsc --noEmit, ESLint (fixture config), Prettier --list-different, vitest`,
  );
  const cells: Cell[] = [];
  const only = process.argv.indexOf('--only');
  const capabilities = only >= 0 ? [process.argv[only + 1] as 'component' | 'hook'] : (['component', 'hook'] as const);
  for (const capability of capabilities) {
    for (const stack of capability === 'hook' ? [...fixtures, ...HOOK_ONLY_STACKS] : fixtures) {
      const cell = await runCell(capability, stack, specs, seed + (capability === 'hook' ? 1000 : 0));
      cells.push(cell);
      console.log(
        `${cell.capability.padEnd(21)} ${stack.label.padEnd(27)} generated ${cell.generated}/${cell.specs}  tsc ${pct(cell.tsc, cell.specs)}  eslint ${pct(cell.eslint, cell.specs)}  prettier ${pct(cell.prettier, cell.specs)}  tests ${pct(cell.tests, cell.specs)}  gen median ${median(cell.genMs).toFixed(0)} ms`,
      );
      for (const failure of cell.failures.slice(0, 10)) console.log(`    ${failure}`);
    }
  }
  for (const capability of capabilities.map((c) => `generation.${c}`)) {
    const times = cells.filter((c) => c.capability === capability).flatMap((c) => c.genMs);
    console.log(
      `${capability}: generation time median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms over ${times.length} specs`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
