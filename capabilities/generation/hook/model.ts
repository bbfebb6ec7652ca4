/** The template data of generation.hook: plain JSON, so a project's template override sees what the bundled one sees. */
import { kebabCase, pascalCase, wordsOf } from '../kit/index.js';
import type { ReactConventions } from '../component/conventions.js';
import { sampleOf, type ParsedType } from '../component/type-text.js';
import type { HookInput, HookKind } from './input.js';

export interface HookModel {
  name: string;
  kind: HookKind;
  resultType: string;
  description: string;
  exportStyle: 'named' | 'default' | 'both';
  /** The value type text (state, localStorage, fetch), else null. */
  type: string | null;
  /** React types the value type names (imported as types). */
  reactTypes: string[];
  initialLiteral: string | null;
  key: string | null;
  delayMs: number;
  test: HookTestModel | null;
}

export interface HookTestModel {
  runner: 'vitest' | 'jest';
  /** vi or jest. */
  mocker: string;
  importFrom: string;
  hookImport: string;
  runnerImports: string[] | null;
  docblock: string | null;
  /** A value of the type other than the initial one, for state/localStorage/fetch tests. */
  sample: string | null;
}

const DESCRIPTIONS: Record<HookKind, string> = {
  toggle: 'A boolean with stable callbacks to toggle it or set it on or off.',
  counter: 'A number with stable callbacks to count up or down by a step and to reset it.',
  state: 'A value with a setter and a reset to its initial value.',
  localStorage: "A value kept in the browser's localStorage under a key (JSON), read once on mount.",
  debounce: 'The value, updated only after it has stopped changing for the delay.',
  fetch: 'JSON fetched from a URL: data, error and loading; the request is aborted when the URL changes or the component unmounts.',
};

const RUNNER_IMPORTS: Record<HookKind, string[]> = {
  toggle: ['describe', 'expect', 'it'],
  counter: ['describe', 'expect', 'it'],
  state: ['describe', 'expect', 'it'],
  localStorage: ['beforeEach', 'describe', 'expect', 'it'],
  debounce: ['afterEach', 'beforeEach', 'describe', 'expect', 'it'],
  fetch: ['afterEach', 'describe', 'expect', 'it'],
};

export function buildHookModel(
  input: HookInput & { kind: HookKind },
  parsed: ParsedType | null,
  conventions: ReactConventions,
  testImport: string | null,
): HookModel {
  const exportStyle = input.exportStyle ?? conventions.hookExportStyle;
  const runner = conventions.runner;
  const mocker = runner === 'jest' ? 'jest' : 'vi';
  const initial =
    input.initial !== undefined ? JSON.stringify(input.initial) : input.kind === 'toggle' ? 'false' : input.kind === 'counter' ? '0' : null;
  let sample: string | null = null;
  if (parsed) {
    sample = sampleOf(parsed, `Sample ${wordsOf(input.name.slice(3)).join(' ')}`, `${mocker}.fn()`);
    if (sample === initial) sample = null;
  }
  const usesMocker = input.kind === 'debounce' || input.kind === 'fetch';
  return {
    name: input.name,
    kind: input.kind,
    resultType: `${pascalCase(input.name)}Result`,
    description: input.description ?? DESCRIPTIONS[input.kind],
    exportStyle,
    type: parsed ? parsed.text : input.kind === 'fetch' ? 'unknown' : null,
    reactTypes: parsed ? parsed.reactTypes : [],
    initialLiteral: initial,
    key: input.kind === 'localStorage' ? (input.key ?? kebabCase(input.name.slice(3))) : null,
    delayMs: input.delayMs ?? 300,
    test:
      testImport !== null && runner !== null
        ? {
            runner,
            mocker,
            importFrom: runner === 'jest' ? '@jest/globals' : 'vitest',
            hookImport:
              exportStyle === 'default' ? `import ${input.name} from '${testImport}';` : `import { ${input.name} } from '${testImport}';`,
            runnerImports: conventions.globals ? null : [...RUNNER_IMPORTS[input.kind], ...(usesMocker ? [mocker] : [])].sort(),
            docblock: conventions.environmentDocblock
              ? `// @${runner === 'jest' ? 'jest' : 'vitest'}-environment ${conventions.environmentDocblock}`
              : null,
            sample,
          }
        : null,
  };
}
