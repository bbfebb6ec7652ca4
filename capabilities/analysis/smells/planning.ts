/** analysis.smells's planning data: the smell rules named in prose. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'smells',
      label: 'find code smells',
      keywords:
        'smell!=3.5,smelly!=3.5,magic number,long function,long parameter,parameter list,dead=2,unused export,large class,god class,antipattern,anti pattern,flag parameter,deep nesting=2.5',
    },
  ],
  strategy: 'scope',
  stepTitle: 'Code smells',
  fields: [
    {
      field: 'rules.enable',
      from: 'vocabulary',
      vocabulary: [
        {
          value: 'smells/long-function',
          phrases: ['long function', 'long method'],
        },
        {
          value: 'smells/long-file',
          phrases: ['long file', 'large file', 'big file'],
        },
        {
          value: 'smells/long-parameter-list',
          phrases: ['long parameter', 'parameter list', 'too many parameter'],
        },
        {
          value: 'smells/deep-nesting',
          phrases: ['deep nesting', 'deeply nested'],
        },
        {
          value: 'smells/large-class',
          phrases: ['large class', 'god class', 'big class'],
        },
        {
          value: 'smells/magic-number',
          phrases: ['magic number'],
        },
        {
          value: 'smells/unreachable-code',
          phrases: ['unreachable', 'dead code'],
        },
        {
          value: 'smells/unused-export',
          phrases: ['unused export', 'dead code'],
        },
        {
          value: 'smells/boolean-flag-parameter',
          phrases: ['flag parameter', 'boolean flag', 'boolean parameter'],
        },
      ],
    },
  ],
};
