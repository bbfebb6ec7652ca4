/** Where generation.hook writes: the hook module and its test. */
import { kebabCase } from '../kit/index.js';
import { relativeImport, testPathFor, type ReactConventions } from '../component/conventions.js';

export interface HookPaths {
  hook: string;
  test: string | null;
  testImport: string | null;
}

export function hookPaths(
  name: string,
  directory: string,
  conventions: ReactConventions,
  kebabFiles: boolean,
  withTest: boolean,
): HookPaths {
  const stem = kebabFiles ? kebabCase(name) : name;
  const hook = directory === '.' || directory === '' ? `${stem}.ts` : `${directory.replace(/\/+$/, '')}/${stem}.ts`;
  const test = withTest ? testPathFor(hook, conventions, '.ts') : null;
  return { hook, test, testImport: test ? relativeImport(test, hook, conventions) : null };
}
