/** analysis.performance's planning data: the rule families named in prose (next to ./rules/). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'find-performance',
      offered: { when: 'vague', order: 5 },
      label: 'find performance problems',
      keywords:
        'performance,perf,slow,slowness,fast=2.5,faster=2.5,speed=2.5,optimize=2.5,optimise=2.5,bottleneck,memory leak,leak,bundle=2.5,bundle size,render=2,rerender,re render,memoization=2.5,memoize=2.5,efficient=2.5,inefficient,latency=2,query=1.5,queries=1.5',
    },
  ],
  strategy: 'scope',
  stepTitle: 'Performance analysis',
  fields: [
    {
      field: 'rules.enable',
      from: 'vocabulary',
      vocabulary: [
        {
          value: 'performance/unremoved-listener',
          phrases: ['memory leak', 'leak', 'listener'],
        },
        {
          value: 'performance/uncleared-interval',
          phrases: ['memory leak', 'leak', 'interval', 'timer'],
        },
        {
          value: 'performance/unbounded-cache',
          phrases: ['memory leak', 'leak', 'cache'],
        },
        {
          value: 'performance/n-plus-one-query',
          phrases: ['query', 'queries', 'n+1', 'database'],
          patterns: ['\\bn\\s*\\+\\s*1\\b'],
        },
        {
          value: 'performance/select-star',
          phrases: ['query', 'queries', 'select', 'database'],
        },
        {
          value: 'performance/unbounded-query',
          phrases: ['query', 'queries', 'pagination', 'database'],
        },
        {
          value: 'performance/whole-library-import',
          phrases: ['bundle', 'bundle size', 'import size'],
        },
        {
          value: 'performance/inline-jsx-prop',
          phrases: ['render', 'rerender', 're render', 'jsx'],
        },
        {
          value: 'performance/missing-key',
          phrases: ['render', 'rerender', 're render', 'key'],
        },
        {
          value: 'performance/missing-memoization',
          phrases: ['render', 'rerender', 're render', 'memoization', 'memo', 'memoize'],
        },
        {
          value: 'performance/effect-missing-dependency',
          phrases: ['render', 'rerender', 'effect'],
        },
        {
          value: 'performance/unstable-dependency',
          phrases: ['render', 'rerender', 'effect'],
        },
        {
          value: 'performance/nested-loop-same-collection',
          phrases: ['algorithm', 'nested loop', 'loop'],
        },
        {
          value: 'performance/linear-search-in-loop',
          phrases: ['algorithm', 'linear search', 'loop'],
        },
      ],
    },
  ],
};
