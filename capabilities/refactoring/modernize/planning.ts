/** refactoring.modernize's planning data: the codemods named in prose (next to ./codemods/). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'modernize',
      label: 'modernise the code',
      keywords:
        'modernize=4,modernise=4,modern=3,legacy=2,es modules,esm,commonjs,cjs,async await=3,await=2,promise=1.5,callback=2,template literal,concatenation=2.5,var=2,let=1.5,const=1.5,outdated=2.5,es6=3,upgrade syntax',
    },
  ],
  strategy: 'scope',
  summary: 'Modernise {where}: {values}',
  valuesFallback: 'var to let/const, promises and callbacks to async/await, concatenation to templates',
  fields: [
    {
      field: 'codemods',
      from: 'vocabulary',
      vocabulary: [
        {
          value: 'var-to-let-const',
          phrases: ['var', 'let const', 'let', 'const'],
        },
        {
          value: 'promises-to-async',
          phrases: ['promise', 'then', 'async await', 'await', 'async'],
        },
        {
          value: 'callbacks-to-async',
          phrases: ['callback', 'async await', 'await', 'async'],
        },
        {
          value: 'cjs-to-esm',
          phrases: ['esm', 'es modules', 'es module', 'commonjs', 'cjs', 'require', 'import export'],
        },
        {
          value: 'concat-to-template',
          phrases: ['template', 'template literal', 'concatenation', 'concat', 'string concatenation'],
        },
      ],
    },
    {
      field: 'setTypeModule',
      from: 'phrase',
      phrases: ['type module', 'package json'],
      value: true,
      ifField: 'codemods',
      ifIncludes: 'cjs-to-esm',
    },
  ],
  notes: [
    {
      text: 'CommonJS to ESM leaves package.json "type" as it is; say "and set type module" to switch the package.',
      ifField: 'codemods',
      ifIncludes: 'cjs-to-esm',
      unlessField: 'setTypeModule',
    },
    {
      text: 'The project already uses ES modules; only CommonJS files left in it are converted.',
      ifField: 'codemods',
      ifIncludes: 'cjs-to-esm',
      ifProject: {
        key: 'moduleSystem',
        equals: 'esm',
      },
    },
  ],
};
