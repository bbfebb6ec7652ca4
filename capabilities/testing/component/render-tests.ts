/**
 * From a read component to Testing Library tests: the prop values of each state (required props from
 * their types, callbacks as mocks), one test per behaviour — a text it shows (asserting the element
 * that shows it), a callback prop called when its button is clicked or its field changed, and for each
 * prop a rendering condition depends on, the text shown in one state and absent in the other — and the
 * test file in the project's runner (vitest or jest), globals or imports, DOM-environment docblock.
 */
import { Evaluator, conditionProps, rootFor, type HostElement, type State, type Value } from './behaviour.js';
import type { ComponentInfo, PropInfo } from './read-component.js';

export interface ComponentTest {
  title: string;
  /** Props given differently from the base state (name -> value). */
  overrides: [string, Value][];
  /** The callback prop held in a const to assert on. */
  mock?: string;
  body: string[];
}

export interface TestFileOptions {
  runner: 'vitest' | 'jest';
  globals: boolean;
  environmentDocblock: 'jsdom' | 'happy-dom' | null;
  importPath: string;
  component: ComponentInfo;
  base: State;
  tests: ComponentTest[];
}

const q = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
const shown = (text: string): string => `"${text.length > 40 ? `${text.slice(0, 37)}...` : text}"`;
const sentence = (name: string): string => `Test ${name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()}`;

/** The value a prop gets in the base state; undefined: the prop is left out. Unfillable required props are listed in `missing`. */
export function baseState(props: PropInfo[], missing: string[], numbers = { next: 3 }, prefix = ''): State {
  const state: State = new Map();
  for (const prop of props) {
    if (prop.optional) {
      // An optional callback is given (a mock) so that its handler can be asserted.
      if (prop.type.kind === 'function') state.set(prop.name, { k: 'fn' });
      else if (prop.defaultValue !== undefined)
        state.set(
          prop.name,
          typeof prop.defaultValue === 'string'
            ? { k: 'str', v: prop.defaultValue }
            : typeof prop.defaultValue === 'number'
              ? { k: 'num', v: prop.defaultValue }
              : { k: 'bool', v: prop.defaultValue },
        );
      continue;
    }
    const t = prop.type;
    switch (t.kind) {
      case 'string':
      case 'node':
        state.set(prop.name, { k: 'str', v: sentence(prop.name) });
        break;
      case 'number':
        state.set(prop.name, { k: 'num', v: numbers.next++ });
        break;
      case 'boolean':
        state.set(prop.name, { k: 'bool', v: false });
        break;
      case 'literal': {
        const v = t.values[0]!;
        state.set(prop.name, typeof v === 'string' ? { k: 'str', v } : typeof v === 'number' ? { k: 'num', v } : { k: 'bool', v });
        break;
      }
      case 'function':
        state.set(prop.name, { k: 'fn' });
        break;
      case 'array':
        state.set(prop.name, { k: 'arr' });
        break;
      case 'object': {
        const before = missing.length;
        const fields = baseState(t.members, missing, numbers, `${prefix}${prop.name}.`);
        if (missing.length === before) state.set(prop.name, { k: 'obj', fields });
        break;
      }
      default:
        missing.push(`${prefix}${prop.name}: ${t.text}`);
    }
  }
  return state;
}

/** A truthy and a falsy value of a prop a condition depends on, or null when its type gives none. */
function twoValues(prop: PropInfo, base: State): [Value, Value] | null {
  const t = prop.type;
  const falsy: Value = prop.optional
    ? { k: 'undef' }
    : t.kind === 'string'
      ? { k: 'str', v: '' }
      : t.kind === 'number'
        ? { k: 'num', v: 0 }
        : { k: 'bool', v: false };
  switch (t.kind) {
    case 'boolean':
      return [{ k: 'bool', v: true }, prop.optional ? { k: 'undef' } : { k: 'bool', v: false }];
    case 'string':
    case 'node':
      return [{ k: 'str', v: sentence(prop.name) }, falsy];
    case 'number':
      return [{ k: 'num', v: 7 }, falsy];
    case 'function':
    case 'array':
      return prop.optional ? [{ k: t.kind === 'function' ? 'fn' : 'arr' }, { k: 'undef' }] : null;
    case 'object': {
      if (!prop.optional) return null;
      const fields = baseState(t.members, []);
      return [{ k: 'obj', fields }, { k: 'undef' }];
    }
    case 'literal': {
      // One state per literal (a ternary on `variant === 'danger'`), the base one excluded.
      const current = base.get(prop.name);
      const other = t.values.find((v) => !(current && 'v' in current && current.v === v));
      if (other === undefined) return null;
      const asValue = (v: string | number | boolean): Value =>
        typeof v === 'string' ? { k: 'str', v } : typeof v === 'number' ? { k: 'num', v } : { k: 'bool', v };
      return [asValue(other), current ?? asValue(t.values[0]!)];
    }
    default:
      return null;
  }
}

const describeValue = (v: Value): string =>
  v.k === 'str'
    ? v.v === ''
      ? 'empty'
      : shown(v.v)
    : v.k === 'num' || v.k === 'bool'
      ? String(v.v)
      : v.k === 'undef'
        ? 'not given'
        : 'given';

/** Every test derived from the component, in a stable order (base texts, events, then each condition). */
export function deriveTests(component: ComponentInfo, base: State): ComponentTest[] {
  const tests: ComponentTest[] = [];
  const titles = new Set<string>();
  const keys = new Set<string>();
  const push = (given: ComponentTest): void => {
    // The same render and assertion is one test (titled by the state it was derived for, e.g. "when hint is not given").
    const overrides = effective(given.overrides);
    const t = { ...given, overrides, title: `${given.title}${suffix(given.overrides)}` };
    const key = `${JSON.stringify(overrides)}|${given.mock ?? ''}|${given.body.join('\n')}`;
    if (titles.has(t.title) || keys.has(key)) return;
    titles.add(t.title);
    keys.add(key);
    tests.push(t);
  };
  const elementsIn = (state: State): HostElement[] | null => {
    const evaluator = new Evaluator(component, state);
    const root = rootFor(component, evaluator);
    return root === null ? null : evaluator.hostElements(root);
  };
  const texts = (elements: HostElement[]): Map<string, string> => {
    const counts = new Map<string, number>();
    for (const e of elements) if (e.ownText) counts.set(e.ownText, (counts.get(e.ownText) ?? 0) + 1);
    const out = new Map<string, string>();
    for (const e of elements) if (e.ownText && counts.get(e.ownText) === 1) out.set(e.ownText, e.tag.toUpperCase());
    return out;
  };
  const sameAsBase = (name: string, v: Value): boolean => {
    const b = base.get(name);
    // Leaving out a prop that has a default is the base state (which holds the default).
    if (v.k === 'undef') return b === undefined || component.props.some((p) => p.name === name && p.defaultValue !== undefined);
    return b !== undefined && b.k === v.k && ('v' in b ? b.v : null) === ('v' in v ? v.v : null);
  };
  const effective = (overrides: [string, Value][]): [string, Value][] => overrides.filter(([n, v]) => !sameAsBase(n, v));
  const suffix = (overrides: [string, Value][]): string =>
    overrides.length === 0 ? '' : ` when ${overrides.map(([n, v]) => `${n} is ${describeValue(v)}`).join(' and ')}`;
  // One test per callback and element query: a button shown in several states is clicked once.
  const eventKeys = new Set<string>();
  const event = (test: ComponentTest): void => {
    const key = `${test.mock}|${test.body[0]}`;
    if (eventKeys.has(key)) return;
    eventKeys.add(key);
    push(test);
  };
  const events = (elements: HostElement[], overrides: [string, Value][]): void => {
    const buttonNames = elements.filter((e) => e.tag === 'button' && e.name).map((e) => e.name);
    const textboxes = elements.filter((e) => isTextbox(e));
    for (const e of elements) {
      if (e.disabled !== false) continue;
      for (const { prop, args } of e.onClick) {
        let query: string | null = null;
        let what = '';
        if (e.tag === 'button' && e.name && buttonNames.filter((n) => n === e.name).length === 1) {
          query = `screen.getByRole('button', { name: ${q(e.name)} })`;
          what = `the ${shown(e.name)} button is clicked`;
        } else if (e.tag === 'input' && e.type === 'checkbox' && elements.filter((x) => x.type === 'checkbox').length === 1) {
          query = `screen.getByRole('checkbox')`;
          what = 'the checkbox is clicked';
        } else if (e.ownText && elements.filter((x) => x.ownText === e.ownText).length === 1) {
          query = `screen.getByText(${q(e.ownText)})`;
          what = `${shown(e.ownText)} is clicked`;
        }
        if (query)
          event({
            title: `calls ${prop} when ${what}`,
            overrides,
            mock: prop,
            body: [`fireEvent.click(${query});`, `expect(${prop}).toHaveBeenCalledTimes(1);`, ...calledWith(prop, args)],
          });
      }
      // Submitting: clicking the form's submit button (jsdom submits the form; the handler is called).
      for (const { prop, args } of e.onSubmit) {
        if (!e.name || buttonNames.filter((n) => n === e.name).length !== 1) continue;
        event({
          title: `calls ${prop} when the form is submitted with the ${shown(e.name)} button`,
          overrides,
          mock: prop,
          body: [
            `fireEvent.click(screen.getByRole('button', { name: ${q(e.name)} }));`,
            `expect(${prop}).toHaveBeenCalledTimes(1);`,
            ...calledWith(prop, args),
          ],
        });
      }
      for (const { prop, args } of e.onChange) {
        if (e.type === 'checkbox' || e.type === 'radio') {
          if (elements.filter((x) => x.type === e.type).length === 1)
            event({
              title: `calls ${prop} when the ${e.type} is clicked`,
              overrides,
              mock: prop,
              body: [
                `fireEvent.click(screen.getByRole(${q(e.type)}));`,
                `expect(${prop}).toHaveBeenCalledTimes(1);`,
                ...calledWith(prop, args),
              ],
            });
          continue;
        }
        if (!isTextbox(e)) continue;
        const query = e.placeholder
          ? `screen.getByPlaceholderText(${q(e.placeholder)})`
          : textboxes.length === 1
            ? `screen.getByRole('textbox')`
            : null;
        if (!query) continue;
        event({
          title: `calls ${prop} when the ${e.placeholder ? `${shown(e.placeholder)} field` : 'text field'} changes`,
          overrides,
          mock: prop,
          body: [
            `fireEvent.change(${query}, { target: { value: 'changed value' } });`,
            `expect(${prop}).toHaveBeenCalledTimes(1);`,
            ...calledWith(prop, args),
          ],
        });
      }
    }
  };

  const baseElements = elementsIn(base);
  if (baseElements) {
    for (const [text, tag] of texts(baseElements))
      push({ title: `shows ${shown(text)}`, overrides: [], body: [`expect(screen.getByText(${q(text)}).tagName).toBe('${tag}');`] });
    events(baseElements, []);
  }
  const evaluator = new Evaluator(component, base);
  for (const name of conditionProps(component, evaluator)) {
    const prop = component.props.find((p) => p.name === name);
    if (!prop) continue;
    const values = twoValues(prop, base);
    if (!values) continue;
    const states = values.map((v) => {
      const s: State = new Map(base);
      if (v.k === 'undef') s.delete(name);
      else s.set(name, v);
      return { value: v, state: s, elements: elementsIn(s) };
    });
    for (const [i, mine] of states.entries()) {
      const other = states[1 - i]!;
      if (!mine.elements || !other.elements) continue;
      const here = texts(mine.elements);
      const there = new Set(other.elements.map((e) => e.ownText).filter((t): t is string => t !== null));
      const unknownThere = other.elements.some((e) => e.ownText === null);
      const overrides: [string, Value][] = [[name, mine.value]];
      for (const [text, tag] of here) {
        if (there.has(text)) continue;
        push({
          title: `shows ${shown(text)}`,
          overrides,
          body: [`expect(screen.getByText(${q(text)}).tagName).toBe('${tag}');`],
        });
        if (!unknownThere)
          push({
            title: `does not show ${shown(text)}`,
            overrides: [[name, other.value]],
            body: [`expect(screen.queryByText(${q(text)})).toBeNull();`],
          });
      }
      events(mine.elements, overrides);
    }
  }
  return tests;
}

/** `expect(onOpen).toHaveBeenCalledWith('Test id');` when the arguments are known. */
function calledWith(prop: string, args: Value[] | null): string[] {
  if (args === null) return [];
  const texts = args.map((a) => (a.k === 'str' ? q(a.v) : a.k === 'num' || a.k === 'bool' ? String(a.v) : 'undefined'));
  return [`expect(${prop}).toHaveBeenCalledWith(${texts.join(', ')});`];
}

const isTextbox = (e: HostElement): boolean =>
  e.tag === 'textarea' || (e.tag === 'input' && (e.type === null || ['text', 'search', 'email', 'url', 'tel'].includes(e.type)));

function literalText(value: Value, fn: string): string | null {
  switch (value.k) {
    case 'str':
      return q(value.v);
    case 'num':
    case 'bool':
      return String(value.v);
    case 'fn':
      return `${fn}()`;
    case 'arr':
      return '[]';
    case 'obj': {
      const parts: string[] = [];
      for (const [key, v] of value.fields) {
        const text = literalText(v, fn);
        if (text === null) return null;
        parts.push(`${/^[A-Za-z_$][\w$]*$/.test(key) ? key : q(key)}: ${text}`);
      }
      return `{ ${parts.join(', ')} }`;
    }
    default:
      return null;
  }
}

function propText(name: string, value: Value, mock: string | undefined, fn: string): string | null {
  switch (value.k) {
    case 'obj': {
      const text = literalText(value, fn);
      return text === null ? null : `${name}={${text}}`;
    }
    case 'str':
      return /["{}<>\\]/.test(value.v) ? `${name}={${q(value.v)}}` : `${name}="${value.v}"`;
    case 'num':
    case 'bool':
      return `${name}={${String(value.v)}}`;
    case 'fn':
      return name === mock ? `${name}={${name}}` : `${name}={${fn}()}`;
    case 'arr':
      return `${name}={[]}`;
    default:
      return null;
  }
}

export function renderTestFile(options: TestFileOptions): string {
  const { component, runner } = options;
  const fn = runner === 'vitest' ? 'vi.fn' : 'jest.fn';
  const usesFire = options.tests.some((t) => t.body.some((l) => l.startsWith('fireEvent.')));
  const usesMock = options.tests.some((t) => t.mock) || [...options.base.values()].some((v) => v.k === 'fn');
  const lines: string[] = [];
  if (options.environmentDocblock) lines.push(`/** @${runner}-environment ${options.environmentDocblock} */`);
  if (component.importsReact) lines.push("import React from 'react';");
  const rtl = ['render', 'screen', ...(usesFire ? ['fireEvent'] : []), ...(options.globals ? [] : ['cleanup'])].sort();
  lines.push(`import { ${rtl.join(', ')} } from '@testing-library/react';`);
  if (runner === 'vitest' && !options.globals)
    lines.push(`import { ${['afterEach', 'describe', 'expect', 'it', ...(usesMock ? ['vi'] : [])].join(', ')} } from 'vitest';`);
  lines.push(
    component.exportStyle === 'default'
      ? `import ${component.name} from '${options.importPath}';`
      : `import { ${component.name} } from '${options.importPath}';`,
  );
  lines.push('');
  if (!options.globals) lines.push('afterEach(cleanup);', '');
  lines.push(`describe('${component.name}', () => {`);
  options.tests.forEach((test, i) => {
    const state: State = new Map(options.base);
    for (const [name, value] of test.overrides) {
      if (value.k === 'undef') state.delete(name);
      else state.set(name, value);
    }
    const attrs = component.props
      .filter((p) => state.has(p.name) && (!p.optional || state.get(p.name)!.k === 'fn' || test.overrides.some(([n]) => n === p.name)))
      .map((p) => propText(p.name, state.get(p.name)!, test.mock, fn))
      .filter((a): a is string => a !== null);
    if (i > 0) lines.push('');
    lines.push(`  it(${q(test.title)}, () => {`);
    if (test.mock) lines.push(`    const ${test.mock} = ${fn}();`);
    lines.push(`    render(<${component.name}${attrs.map((a) => ` ${a}`).join('')} />);`);
    for (const l of test.body) lines.push(`    ${l}`);
    lines.push('  });');
  });
  lines.push('});', '');
  return lines.join('\n');
}
