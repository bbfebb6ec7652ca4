/**
 * The template data of a Vue single-file component or a Svelte component and its Testing Library test:
 * plain JSON (names, typed props, Vue runtime prop types for JavaScript projects, state, handlers as
 * Vue emits or Svelte callback props, classes and style rules per styling, the test's props objects
 * and expectations), so a project's template override sees exactly what the bundled template sees.
 */
import ts from 'typescript';
import { kebabCase, wordsOf } from '../kit/index.js';
import type { CheckedProp, ComponentInput } from './input.js';
import type { ReactConventions } from './conventions.js';
import type { SfcConventions, SfcStyling } from './sfc-conventions.js';
import { CSS, TAGS, TAILWIND, type Role } from './styling.js';
import { sampleOf, typeRole, type ParsedType } from './type-text.js';

const sentence = (name: string): string => {
  const words = wordsOf(name).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const literal = (value: unknown): string => JSON.stringify(value);
/** A JSON value as source, its top-level string in the project's quotes (a Svelte file Prettier cannot format keeps them). */
const sourceLiteral = (value: unknown, quote: "'" | '"'): string =>
  typeof value === 'string' && quote === "'"
    ? `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`
    : literal(value);

export interface SfcProp {
  name: string;
  type: string;
  optional: boolean;
  doc: string | null;
  role: 'text' | 'flag' | 'other';
  /** Read by the markup (shown, a flag) or passed to a handler: destructured in Svelte. */
  used: boolean;
  /** The default as an expression (a factory `() => …` for arrays and objects), or null. */
  defaultExpression: string | null;
  /** Vue runtime prop type (JavaScript projects): String, Number, Boolean, Array, Object, Function, Date or null (any). */
  runtimeType: string;
  dataAttribute: string | null;
  /** Expression of a sample value for the test. */
  sample: string;
  sampleText: string | null;
  defaultText: string | null;
}

export interface SfcState {
  name: string;
  type: string;
  initialLiteral: string;
  control: 'toggle' | 'counter' | 'text';
  label: string;
}

export interface SfcHandler {
  /** The callback prop's name (onSave): Svelte's prop, the input's name. */
  name: string;
  /** Vue's emitted event (onSave -> save, onItemPick -> itemPick). */
  event: string;
  label: string;
  optional: boolean;
  payload: string | null;
  /** The payload's type, or null. */
  payloadType: string | null;
  /** Svelte: the callback prop's type. */
  type: string;
  /** Expected argument in the test, or null. */
  expected: string | null;
  /** The test's props object for this handler's test ('' when empty). */
  testProps: string;
}

export interface SfcTest {
  typescript: boolean;
  docblock: string | null;
  library: string;
  libraryImports: string[];
  runnerImports: string[] | null;
  cleanup: boolean;
  componentImport: string;
  /** Props objects: every required prop; every shown prop and flag. '' when empty. */
  baseProps: string;
  fullProps: string;
  /** The slot/children test is written (not for Svelte 4: Testing Library cannot pass it slot content). */
  slotTest: boolean;
}

export interface SfcModel {
  framework: 'vue' | 'svelte';
  svelteMajor: 4 | 5 | null;
  typescript: boolean;
  name: string;
  description: string;
  props: SfcProp[];
  state: SfcState[];
  handlers: SfcHandler[];
  children: boolean;
  placeholderTitle: string | null;
  styling: SfcStyling;
  /** Per role: the tag and its class attribute (with a leading space, or ''). */
  el: Record<Role, { tag: string; attr: string }>;
  /** Rules of the style block. */
  rules: Array<{ selector: string; declarations: string[] }>;
  /** The style block's opening tag, or null. */
  styleOpen: string | null;
  /** The component has a script block. */
  script: boolean;
  test: SfcTest | null;
}

/** Vue's runtime type of a prop (JavaScript projects declare props with constructors). */
function runtimeTypeOf(parsed: ParsedType): string {
  const of = (node: ts.TypeNode): string => {
    if (ts.isParenthesizedTypeNode(node)) return of(node.type);
    if (node.kind === ts.SyntaxKind.StringKeyword) return 'String';
    if (node.kind === ts.SyntaxKind.NumberKeyword) return 'Number';
    if (node.kind === ts.SyntaxKind.BooleanKeyword) return 'Boolean';
    if (ts.isLiteralTypeNode(node))
      return ts.isStringLiteral(node.literal) ? 'String' : ts.isNumericLiteral(node.literal) ? 'Number' : 'Boolean';
    if (ts.isUnionTypeNode(node)) {
      const kinds = [...new Set(node.types.filter((t) => t.kind !== ts.SyntaxKind.UndefinedKeyword).map(of))];
      return kinds.length === 1 ? kinds[0]! : 'null';
    }
    if (ts.isArrayTypeNode(node) || ts.isTupleTypeNode(node)) return 'Array';
    if (ts.isFunctionTypeNode(node)) return 'Function';
    if (ts.isTypeLiteralNode(node)) return 'Object';
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(parsed.source);
      if (name === 'Array' || name === 'ReadonlyArray') return 'Array';
      if (name === 'Date') return 'Date';
      if (name === 'Record' || name === 'Partial' || name === 'Readonly') return 'Object';
    }
    return 'null';
  };
  return of(parsed.node);
}

function objectText(entries: string[]): string {
  return entries.length > 0 ? `{ ${entries.join(', ')} }` : '';
}

const ROOT_CLASS = (styling: SfcStyling, base: string): string => (styling === 'css-modules' ? 'root' : base);

/** Classes and style rules per role for a Vue or Svelte component. */
function planClasses(
  framework: 'vue' | 'svelte',
  styling: SfcStyling,
  name: string,
  roles: Role[],
  rootTag: string,
): Pick<SfcModel, 'el' | 'rules' | 'styleOpen'> {
  const base = kebabCase(name);
  const el = {} as SfcModel['el'];
  const rules: SfcModel['rules'] = [];
  for (const role of Object.keys(TAGS) as Role[]) {
    const tag = role === 'root' ? rootTag : TAGS[role];
    const className = role === 'root' ? ROOT_CLASS(styling, base) : styling === 'css-modules' ? role : `${base}__${role}`;
    if (styling === 'tailwind') el[role] = { tag, attr: ` class="${TAILWIND[role]}"` };
    else if (styling === 'none') el[role] = { tag, attr: '' };
    else {
      el[role] = { tag, attr: styling === 'css-modules' ? ` :class="$style.${className}"` : ` class="${className}"` };
      if (roles.includes(role)) rules.push({ selector: `.${className}`, declarations: CSS[role] });
    }
  }
  const styleOpen =
    rules.length === 0
      ? null
      : framework === 'svelte'
        ? '<style>'
        : styling === 'css-modules'
          ? '<style module>'
          : styling === 'scoped'
            ? '<style scoped>'
            : '<style>';
  return { el, rules, styleOpen };
}

export function buildSfcModel(
  input: ComponentInput,
  props: CheckedProp[],
  conventions: SfcConventions,
  testConventions: ReactConventions,
  styling: SfcStyling,
  testImport: string | null,
  quote: "'" | '"',
): SfcModel {
  const { framework, typescript } = conventions;
  const svelte = framework === 'svelte';
  const mockFn = 'vi.fn()';
  const payloads = new Set((input.handlers ?? []).map((h) => h.payload).filter((p): p is string => p !== undefined));
  let numberSample = 41;
  const propModels = props.map((prop): SfcProp => {
    const role = typeRole(prop.parsed);
    const isNumber = prop.parsed.text === 'number';
    const hint = `Sample ${wordsOf(prop.name).join(' ')}`;
    let sample = role === 'text' ? (isNumber ? String(numberSample++) : literal(hint)) : sampleOf(prop.parsed, hint, mockFn);
    if (!typescript) sample = sample.replace(/^undefined as unknown as .*$/s, 'undefined');
    const dflt = prop.default;
    return {
      name: prop.name,
      type: prop.parsed.text,
      optional: prop.optional === true || dflt !== undefined,
      doc: prop.description ?? null,
      role,
      used: role !== 'other' || payloads.has(prop.name),
      defaultExpression:
        dflt === undefined ? null : typeof dflt === 'object' && dflt !== null ? `() => (${literal(dflt)})` : sourceLiteral(dflt, quote),
      runtimeType: runtimeTypeOf(prop.parsed),
      dataAttribute: role === 'flag' ? `data-${wordsOf(prop.name).join('-')}` : null,
      sample,
      sampleText: role === 'text' ? (isNumber ? sample : (JSON.parse(sample) as string)) : null,
      defaultText: role === 'text' && dflt !== undefined && dflt !== null && String(dflt).trim() !== '' ? String(dflt) : null,
    };
  });
  const state = (input.state ?? []).map((entry): SfcState => {
    const initial = entry.initial ?? (entry.type === 'boolean' ? false : entry.type === 'number' ? 0 : '');
    return {
      name: entry.name,
      type: entry.type,
      initialLiteral: sourceLiteral(initial, quote),
      control: entry.type === 'boolean' ? 'toggle' : entry.type === 'number' ? 'counter' : 'text',
      label: sentence(entry.name),
    };
  });
  const handlers = (input.handlers ?? []).map((h): SfcHandler => {
    const fromState = state.find((s) => s.name === h.payload);
    const fromProp = propModels.find((p) => p.name === h.payload);
    const wrapped = (type: string): string => (/=>/.test(type) ? `(${type})` : type);
    const payloadType = fromState
      ? fromState.type
      : fromProp
        ? fromProp.optional && fromProp.defaultExpression === null
          ? `${wrapped(fromProp.type)} | undefined`
          : fromProp.type
        : null;
    const rest = h.name.slice(2);
    return {
      name: h.name,
      event: rest.charAt(0).toLowerCase() + rest.slice(1),
      label: h.label ?? sentence(rest),
      optional: h.optional === true,
      payload: h.payload ?? null,
      payloadType,
      type: payloadType === null ? '() => void' : `(value: ${payloadType}) => void`,
      expected: fromState
        ? fromState.initialLiteral
        : fromProp
          ? fromProp.sample === mockFn
            ? 'expect.any(Function)'
            : fromProp.sample
          : null,
      testProps: '',
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
  const classes = planClasses(framework, styling, input.name, roles, roles.includes('title') ? 'section' : 'div');

  // Vue handlers are emitted events (no prop to pass); Svelte's are callback props (a mock each).
  const requiredEntries = (except: string[]): string[] => [
    ...propModels.filter((p) => !p.optional && !except.includes(p.name)).map((p) => `${p.name}: ${p.sample}`),
    ...(svelte ? handlers.filter((h) => !h.optional && !except.includes(h.name)).map((h) => `${h.name}: ${mockFn}`) : []),
  ];
  const fullEntries = [
    ...propModels.filter((p) => p.role !== 'other' || !p.optional).map((p) => `${p.name}: ${p.role === 'flag' ? 'true' : p.sample}`),
    ...(svelte ? handlers.filter((h) => !h.optional).map((h) => `${h.name}: ${mockFn}`) : []),
  ];
  for (const h of handlers) {
    const payloadProp = propModels.find((p) => p.name === h.payload);
    h.testProps = objectText([
      ...requiredEntries([h.name, ...(payloadProp ? [payloadProp.name] : [])]),
      ...(payloadProp ? [`${payloadProp.name}: ${payloadProp.sample}`] : []),
      ...(svelte ? [h.name] : []),
    ]);
  }

  let test: SfcTest | null = null;
  if (testImport !== null && conventions.runner !== null) {
    const usesMock = (svelte && handlers.length > 0) || propModels.some((p) => p.sample.includes(mockFn));
    const usesEvents = state.length > 0 || handlers.length > 0;
    const globals = testConventions.globals;
    test = {
      typescript,
      docblock: testConventions.environmentDocblock ? `// @vitest-environment ${testConventions.environmentDocblock}` : null,
      library: conventions.testingLibrary,
      libraryImports: [...(globals ? [] : ['cleanup']), ...(usesEvents ? ['fireEvent'] : []), 'render', 'screen'].sort(),
      runnerImports: globals ? null : ['afterEach', 'describe', 'expect', 'it', ...(usesMock ? ['vi'] : [])].sort(),
      cleanup: !globals,
      componentImport: `import ${input.name} from '${testImport}'`,
      baseProps: objectText(requiredEntries([])),
      fullProps: objectText(fullEntries),
      slotTest: children && !(svelte && conventions.svelteMajor === 4),
    };
  }

  return {
    framework,
    svelteMajor: conventions.svelteMajor,
    typescript,
    name: input.name,
    description: input.description ?? `${sentence(input.name)}.`,
    props: propModels,
    state,
    handlers,
    children,
    placeholderTitle,
    styling,
    ...classes,
    script: propModels.length > 0 || state.length > 0 || handlers.length > 0 || (svelte && children),
    test,
  };
}
