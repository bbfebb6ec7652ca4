/**
 * The tsconfig a project gets: strict, and the module settings its runtime needs — NodeNext for Node
 * (it follows package.json "type", ESM or CommonJS), bundler resolution and react-jsx with DOM types
 * for Vite/Next projects; `types` only for @types packages the project has installed.
 */
import type { ProjectContext } from '../../../core/index.js';
import type { ProjectFacts } from './project-facts.js';

const TEST_TYPES: Record<string, string> = { mocha: '@types/mocha', jest: '@types/jest' };

export function tsconfigFor(project: ProjectContext, facts: ProjectFacts): Record<string, unknown> {
  const compilerOptions: Record<string, unknown> = facts.bundler
    ? { target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], module: 'ESNext', moduleResolution: 'bundler', noEmit: true }
    : { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'dist' };
  if (facts.hasJsx || project.frameworks.some((f) => f === 'react' || f === 'next')) compilerOptions.jsx = 'react-jsx';
  Object.assign(compilerOptions, { strict: true, esModuleInterop: true, skipLibCheck: true, forceConsistentCasingInFileNames: true });
  if (!facts.hasTypeScript) Object.assign(compilerOptions, { allowJs: true, checkJs: false, noEmit: true });
  const types = ['@types/node', TEST_TYPES[project.testRunner]]
    .filter((t): t is string => t !== undefined && facts.deps.has(t))
    .map((t) => t.slice('@types/'.length));
  if (types.length > 0) compilerOptions.types = types;
  const include = facts.sourceFolders.filter((f) => !['dist', 'build', 'coverage', 'public'].includes(f));
  return { compilerOptions, include: include.length > 0 ? include : ['.'], exclude: ['node_modules', 'dist'] };
}
