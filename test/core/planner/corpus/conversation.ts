/** Unclear and out-of-catalogue tasks, follow-up refinements and answers to the planner's questions. */
import type { CorpusCase } from './corpus-case.js';

const E = 'express-ts-api' as const;
const R = 'react-ts-app' as const;
const L = 'legacy-js-package' as const;
const IMPROVE = ['assess code quality', 'suggest refactorings', 'audit security'];

export const CONVERSATION_CASES: CorpusCase[] = [
  // unclear -> a question with the options understood
  { fixture: E, task: 'make it better', expect: { kind: 'question', options: IMPROVE } },
  { fixture: E, task: 'do stuff', expect: { kind: 'question', options: IMPROVE } },
  {
    fixture: E,
    task: 'improve src/app.ts',
    expect: { kind: 'question', options: ['assess code quality in src/app.ts', 'suggest refactorings in src/app.ts'] },
  },
  { fixture: R, task: 'help', expect: { kind: 'question' } },
  { fixture: R, task: 'fix it', expect: { kind: 'question' } },
  { fixture: E, task: 'can you look at my code and make it nicer', expect: { kind: 'question', options: IMPROVE } },
  // outside the catalogue -> unsupported
  { fixture: E, task: 'deploy to AWS', expect: { kind: 'unsupported' } },
  { fixture: E, task: 'order a pizza', expect: { kind: 'unsupported' } },
  { fixture: E, task: 'send an email to the team', expect: { kind: 'unsupported' } },
  { fixture: R, task: 'book a meeting room for tomorrow', expect: { kind: 'unsupported' } },
  { fixture: R, task: 'what is the weather in Paris', expect: { kind: 'unsupported' } },
  // follow-ups refine the previous plan
  {
    fixture: E,
    turns: ['audit security of src/routes'],
    task: 'also include the tests folder',
    expect: {
      kind: 'plan',
      capabilities: ['analysis.security'],
      inputs: { 'analysis.security': { include: ['src/routes/**', 'test/**', '**/*.test.*', '**/*.spec.*'], testFiles: 'report' } },
    },
  },
  {
    fixture: E,
    turns: ['audit security'],
    task: 'also include the tests folder',
    expect: { kind: 'plan', capabilities: ['analysis.security'], inputs: { 'analysis.security': { testFiles: 'report' } } },
  },
  {
    fixture: E,
    turns: ['audit security'],
    task: 'only high severity',
    expect: { kind: 'plan', capabilities: ['analysis.security'], minSeverity: 'high' },
  },
  {
    fixture: E,
    turns: ['audit security', 'only high severity'],
    task: 'actually only critical ones',
    expect: { kind: 'plan', capabilities: ['analysis.security'], minSeverity: 'critical' },
  },
  {
    fixture: E,
    turns: ['find code smells'],
    task: 'except the tests',
    expect: {
      kind: 'plan',
      capabilities: ['analysis.smells'],
      inputs: { 'analysis.smells': { exclude: ['test/**', '**/*.test.*', '**/*.spec.*'] } },
    },
  },
  {
    fixture: E,
    turns: ['find code smells in src'],
    task: 'just src/services',
    expect: { kind: 'plan', capabilities: ['analysis.smells'], inputs: { 'analysis.smells': { include: ['src/services/**'] } } },
  },
  {
    fixture: E,
    turns: ['audit security of src'],
    task: 'also check performance',
    expect: {
      kind: 'plan',
      capabilities: ['analysis.security', 'analysis.performance'],
      inputs: { 'analysis.performance': { include: ['src/**'] } },
    },
  },
  {
    fixture: E,
    turns: ['rename priceOrder to computePrice'],
    task: 'use quoteOrder instead',
    expect: {
      kind: 'plan',
      capabilities: ['refactoring.rename', 'refactoring.verify'],
      inputs: { 'refactoring.rename': { symbol: 'priceOrder', newName: 'quoteOrder' } },
    },
  },
  {
    fixture: E,
    turns: ['rename priceOrder to computePrice'],
    task: "don't verify",
    expect: { kind: 'plan', capabilities: ['refactoring.rename'] },
  },
  {
    fixture: E,
    turns: ['extract lines 10-20 of src/app.ts into a function called setup'],
    task: 'name it configureApp',
    expect: {
      kind: 'plan',
      capabilities: ['refactoring.extract-function', 'refactoring.verify'],
      inputs: { 'refactoring.extract-function': { name: 'configureApp' } },
    },
  },
  { fixture: E, turns: ['audit security'], task: 'find code smells', expect: { kind: 'plan', capabilities: ['analysis.smells'] } },
  // answers to questions
  {
    fixture: E,
    turns: ['rename subtotl to sumLines'],
    task: 'yes',
    expect: {
      kind: 'plan',
      capabilities: ['refactoring.rename', 'refactoring.verify'],
      inputs: { 'refactoring.rename': { symbol: 'subtotal', newName: 'sumLines' } },
    },
  },
  {
    fixture: R,
    turns: ['rename useTask to useTaskList'],
    task: 'useTasks',
    expect: {
      kind: 'plan',
      capabilities: ['refactoring.rename', 'refactoring.verify'],
      inputs: { 'refactoring.rename': { symbol: 'useTasks', newName: 'useTaskList' } },
    },
  },
  {
    fixture: L,
    turns: ['modernize the legacy folder'],
    task: 'lib',
    expect: {
      kind: 'plan',
      capabilities: ['refactoring.modernize', 'refactoring.verify'],
      inputs: { 'refactoring.modernize': { include: ['lib/**'] } },
    },
  },
  { fixture: E, turns: ['make it better'], task: 'audit security', expect: { kind: 'plan', capabilities: ['analysis.security'] } },
  { fixture: E, turns: ['make it better'], task: '2', expect: { kind: 'plan', capabilities: ['refactoring.suggest'] } },
  {
    fixture: E,
    turns: ['rename priceOrder'],
    task: 'quoteOrder',
    expect: {
      kind: 'plan',
      capabilities: ['refactoring.rename', 'refactoring.verify'],
      inputs: { 'refactoring.rename': { symbol: 'priceOrder', newName: 'quoteOrder' } },
    },
  },
  {
    fixture: E,
    turns: ['extract lines 10-20 of src/app.ts'],
    task: 'setupRoutes',
    expect: {
      kind: 'plan',
      capabilities: ['refactoring.extract-function', 'refactoring.verify'],
      inputs: { 'refactoring.extract-function': { name: 'setupRoutes' } },
    },
  },
  {
    fixture: E,
    turns: ['security scan of src/servces'],
    task: 'the first one',
    expect: { kind: 'plan', capabilities: ['analysis.security'], inputs: { 'analysis.security': { include: ['src/services/**'] } } },
  },
];
