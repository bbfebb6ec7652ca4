/**
 * The template data of generation.component: plain JSON (names, the props interface, state, handlers,
 * elements per styling, the test's renders and assertions), so a project's template override sees
 * exactly what the bundled template sees.
 */
import { wordsOf } from '../kit/index.js';
import type { ReactConventions } from './conventions.js';
import type { CheckedProp, ComponentInput, ComponentStyling } from './input.js';
import { planStyling, type Role, type StylingPlan } from './styling.js';
import { REACT_TYPES, sampleOf, typeRole } from './type-text.js';

const sentence = (name: string): string => {
  const words = wordsOf(name).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export interface PropModel {
  name: string;
  type: string;
  optional: boolean;
  doc: string | null;
  role: 'text' | 'flag' | 'other';
  /** Destructured in the parameter (used in the markup or as a payload). */
  destructured: boolean;
  /** `name = <literal>` in the destructuring, or null. */
  defaultLiteral: string | null;
  /** data-<kebab> attribute name of a flag prop. */
  dataAttribute: string | null;
  /** Expression of a sample value for the test. */
  sample: string;
  /** Sample as a JSX attribute value: "text" or {expr}. */
  sampleAttr: string;
  /** Text the test finds for a text prop with that sample. */
  sampleText: string | null;
  /** The rendered text of the default value, for a text prop with a default. */
  defaultText: string | null;
}

export interface StateModel {
  name: string;
  setter: string;
  type: string;
  initialLiteral: string;
  control: 'toggle' | 'counter' | 'text';
  label: string;
}

export interface HandlerModel {
  name: string;
  label: string;
  optional: boolean;
  /** The handler prop's type. */
  type: string;
  /** Argument expression in the component, or null. */
  payload: string | null;
  /** Expected argument in the test, or null. */
  expected: string | null;
  /** JSX attributes of the test's render: every other required prop, the payload prop, the mock. */
  testAttrs: string;
}

export interface ComponentModel {
  name: string;
  propsType: string;
  description: string;
  props: PropModel[];
  state: StateModel[];
  handlers: HandlerModel[];
  children: boolean;
  hasProps: boolean;
  /** Heading text when there is no text prop and no children (the component's name in words). */
  placeholderTitle: string | null;
  reactImports: string[];
  reactTypeImports: string[];
  styling: ComponentStyling;
  stylesheet: string | null;
  el: StylingPlan['elements'];
  rules: StylingPlan['rules'];
  exportStyle: 'named' | 'default' | 'both';
  propsDeclaration: 'interface' | 'type';
  exportPropsType: boolean;
  test: TestModel | null;
}

export interface TestModel {
  runner: 'vitest' | 'jest';
  importFrom: string;
  componentImport: string;
  runnerImports: string[] | null;
  rtlImports: string[];
  cleanup: boolean;
  docblock: string | null;
  mockFn: string;
  /** JSX attributes with every required prop, minus the ones a test sets itself. */
  baseAttrs: string;
  /** Attributes with every prop given a sample (for text and flags). */
  fullAttrs: string;
}

const literal = (value: unknown): string => JSON.stringify(value);

export function buildModel(
  input: ComponentInput,
  props: CheckedProp[],
  conventions: ReactConventions,
  styling: ComponentStyling,
  paths: { component: string; stylesheet: string | null; testImport: string | null },
): ComponentModel {
  const exportStyle = input.exportStyle ?? conventions.exportStyle;
  const mockFn = conventions.runner === 'jest' ? 'jest.fn()' : 'vi.fn()';
  const payloads = new Set((input.handlers ?? []).map((h) => h.payload).filter((p): p is string => p !== undefined));
  let numberSample = 41;
  const propModels = props.map((prop): PropModel => {
    const role = typeRole(prop.parsed);
    const optional = prop.optional === true || prop.default !== undefined;
    const isNumber = prop.parsed.text === 'number';
    const sample =
      role === 'text'
        ? isNumber
          ? String(numberSample++)
          : literal(`Sample ${wordsOf(prop.name).join(' ')}`)
        : sampleOf(prop.parsed, `Sample ${wordsOf(prop.name).join(' ')}`, mockFn);
    const sampleAttr = /^"[^"\\{}<>]*"$/.test(sample) ? sample : `{${sample}}`;
    return {
      name: prop.name,
      type: prop.parsed.text,
      optional,
      doc: prop.description ?? null,
      role,
      destructured: role !== 'other' || payloads.has(prop.name),
      defaultLiteral: prop.default !== undefined ? literal(prop.default) : null,
      dataAttribute: role === 'flag' ? `data-${wordsOf(prop.name).join('-')}` : null,
      sample,
      sampleAttr,
      sampleText: role === 'text' ? (isNumber ? sample : (JSON.parse(sample) as string)) : null,
      // an empty default renders nothing a test could find: no default test for it
      defaultText:
        role === 'text' && prop.default !== undefined && prop.default !== null && String(prop.default).trim() !== ''
          ? String(prop.default)
          : null,
    };
  });
  const state = (input.state ?? []).map((entry): StateModel => {
    const initial = entry.initial ?? (entry.type === 'boolean' ? false : entry.type === 'number' ? 0 : '');
    return {
      name: entry.name,
      setter: `set${entry.name.charAt(0).toUpperCase()}${entry.name.slice(1)}`,
      type: entry.type,
      initialLiteral: literal(initial),
      control: entry.type === 'boolean' ? 'toggle' : entry.type === 'number' ? 'counter' : 'text',
      label: sentence(entry.name),
    };
  });
  const handlers = (input.handlers ?? []).map((h): HandlerModel => {
    const fromState = state.find((s) => s.name === h.payload);
    const fromProp = propModels.find((p) => p.name === h.payload);
    const wrapped = (type: string): string => (/=>/.test(type) ? `(${type})` : type);
    const payloadType = fromState
      ? fromState.type
      : fromProp
        ? fromProp.optional && fromProp.defaultLiteral === null
          ? `${wrapped(fromProp.type)} | undefined`
          : fromProp.type
        : null;
    return {
      name: h.name,
      label: h.label ?? sentence(h.name.slice(2)),
      optional: h.optional === true,
      type: payloadType === null ? '() => void' : `(value: ${payloadType}) => void`,
      payload: h.payload ?? null,
      // a function-typed payload's sample is a fresh mock: the test checks a function was passed
      expected: fromState
        ? fromState.initialLiteral
        : fromProp
          ? fromProp.sample === mockFn
            ? 'expect.any(Function)'
            : fromProp.sample
          : null,
      testAttrs: '',
    };
  });
  const textProps = propModels.filter((p) => p.role === 'text');
  const children = input.children === true;
  const placeholderTitle = textProps.length === 0 && !children ? sentence(input.name) : null;
  const roles: Role[] = ['root'];
  if (textProps.length > 0 || placeholderTitle) roles.push('title');
  if (textProps.length > 1) roles.push('text');
  if (state.some((s) => s.control !== 'text') || handlers.length > 0) roles.push('button');
  if (state.some((s) => s.control === 'text')) roles.push('field', 'input');
  const plan = planStyling(styling, input.name, roles, roles.includes('title') ? 'section' : 'div');

  const reactTypes = new Set<string>(props.flatMap((p) => p.parsed.reactTypes));
  if (children) reactTypes.add('ReactNode');
  for (const t of reactTypes) if (!REACT_TYPES.has(t)) reactTypes.delete(t);

  const hasProps = propModels.length > 0 || handlers.length > 0 || children;
  const requiredAttrs = (except: string[]): string =>
    [
      ...propModels.filter((p) => !p.optional && !except.includes(p.name)).map((p) => `${p.name}=${p.sampleAttr}`),
      ...handlers.filter((h) => !h.optional && !except.includes(h.name)).map((h) => `${h.name}={${mockFn}}`),
    ].join(' ');
  const fullAttrs = [
    ...propModels.filter((p) => p.role !== 'other' || !p.optional).map((p) => `${p.name}=${p.role === 'flag' ? '{true}' : p.sampleAttr}`),
    ...handlers.filter((h) => !h.optional).map((h) => `${h.name}={${mockFn}}`),
  ].join(' ');

  for (const h of handlers) {
    const payloadProp = propModels.find((p) => p.name === h.payload);
    h.testAttrs = [
      requiredAttrs([h.name, ...(payloadProp ? [payloadProp.name] : [])]),
      payloadProp ? `${payloadProp.name}=${payloadProp.sampleAttr}` : '',
      `${h.name}={${h.name}}`,
    ]
      .filter((s) => s !== '')
      .join(' ');
  }

  let test: TestModel | null = null;
  if (paths.testImport !== null && conventions.runner !== null) {
    const runner = conventions.runner;
    const usesMock = handlers.length > 0 || propModels.some((p) => p.sample.includes(mockFn));
    const usesEvents = state.length > 0 || handlers.length > 0;
    const runnerImports = conventions.globals
      ? null
      : [
          'describe',
          'expect',
          'it',
          ...(conventions.globals ? [] : ['afterEach']),
          ...(usesMock ? [runner === 'jest' ? 'jest' : 'vi'] : []),
        ].sort();
    test = {
      runner,
      importFrom: runner === 'jest' ? '@jest/globals' : 'vitest',
      componentImport:
        exportStyle === 'default'
          ? `import ${input.name} from '${paths.testImport}';`
          : `import { ${input.name} } from '${paths.testImport}';`,
      runnerImports,
      rtlImports: [...(conventions.globals ? [] : ['cleanup']), ...(usesEvents ? ['fireEvent'] : []), 'render', 'screen'].sort(),
      cleanup: !conventions.globals,
      docblock: conventions.environmentDocblock
        ? `// @${runner === 'jest' ? 'jest' : 'vitest'}-environment ${conventions.environmentDocblock}`
        : null,
      mockFn,
      baseAttrs: requiredAttrs([]),
      fullAttrs,
    };
  }

  return {
    name: input.name,
    propsType: `${input.name}Props`,
    description: input.description ?? `${sentence(input.name)}.`,
    props: propModels,
    state,
    handlers,
    children,
    hasProps,
    placeholderTitle,
    reactImports: state.length > 0 ? ['useState'] : [],
    reactTypeImports: [...reactTypes].sort(),
    styling,
    stylesheet: paths.stylesheet,
    el: plan.elements,
    rules: plan.rules,
    exportStyle,
    propsDeclaration: conventions.propsDeclaration,
    exportPropsType: conventions.exportPropsType,
    test,
  };
}
