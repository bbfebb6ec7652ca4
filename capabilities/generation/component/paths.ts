/** Where generation.component writes: the component, its stylesheet and its test. */
import { kebabCase } from '../kit/index.js';
import { relativeImport, testPathFor, type ReactConventions } from './conventions.js';
import type { ComponentStyling } from './input.js';

export interface ComponentPaths {
  component: string;
  /** File name of the stylesheet beside the component, or null. */
  stylesheet: string | null;
  stylesheetPath: string | null;
  test: string | null;
  /** Import specifier of the component from its test. */
  testImport: string | null;
}

const join = (dir: string, file: string): string => (dir === '.' || dir === '' ? file : `${dir.replace(/\/+$/, '')}/${file}`);

export function componentPaths(
  name: string,
  directory: string,
  styling: ComponentStyling,
  conventions: ReactConventions,
  withTest: boolean,
): ComponentPaths {
  const stem = conventions.fileCase === 'kebab' ? kebabCase(name) : name;
  const component = join(directory, `${stem}.tsx`);
  const stylesheet = styling === 'css-modules' ? `${stem}.module.css` : styling === 'plain-css' ? `${stem}.css` : null;
  const test = withTest ? testPathFor(component, conventions, '.tsx') : null;
  return {
    component,
    stylesheet,
    stylesheetPath: stylesheet ? join(directory, stylesheet) : null,
    test,
    testImport: test ? relativeImport(test, component, conventions) : null,
  };
}
