/**
 * analysis.smells' input. Thresholds follow SonarQube's JS/TS defaults where Sonar has one:
 * function lines 200 (S138), file lines of code 1000 (S104), parameters 7 (S107), control-flow
 * nesting 3 (S134: a fourth level is reported). Classes (Sonar has no JS rule): more than 20 methods,
 * 15 fields or 500 lines. These are looser than analysis.complexity's per-function defaults on
 * purpose: complexity flags "worth a look", smells flags "a design problem".
 */
import type { JSONSchema } from '../../../core/index.js';
import { fileSelectionSchema, globsSchema, ruleSelectionSchema, type RuleSelection } from '../../../core/index.js';
import { SMELL_RULE_IDS } from './rules.js';

export interface SmellThresholds {
  functionLines: number;
  fileLines: number;
  params: number;
  nesting: number;
  classMethods: number;
  classFields: number;
  classLines: number;
}

export interface SmellsInput {
  include?: string[];
  exclude?: string[];
  thresholds?: Partial<SmellThresholds>;
  magicNumbers?: { ignore?: number[]; ignoreTests?: boolean; ignoreHttpStatus?: boolean };
  deadCode?: { includeTypes?: boolean; entryPoints?: string[] };
  rules?: RuleSelection;
}

export interface SmellOptions {
  thresholds: SmellThresholds;
  magicIgnore: number[];
  magicIgnoreTests: boolean;
  ignoreHttpStatus: boolean;
  includeTypes: boolean;
  entryPoints: string[];
}

export const DEFAULT_SMELL_THRESHOLDS: SmellThresholds = {
  functionLines: 200,
  fileLines: 1000,
  params: 7,
  nesting: 3,
  classMethods: 20,
  classFields: 15,
  classLines: 500,
};

const limit = (description: string, fallback: number): JSONSchema => ({
  type: 'integer',
  minimum: 1,
  maximum: 100000,
  default: fallback,
  description,
});

export const SMELLS_INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema(),
    thresholds: {
      type: 'object',
      additionalProperties: false,
      description: 'A smell is reported when a measure is above its threshold.',
      properties: {
        functionLines: limit('Lines of a function, first to last (Sonar S138).', DEFAULT_SMELL_THRESHOLDS.functionLines),
        fileLines: limit('Lines of code of a file, comments and blank lines excluded (Sonar S104).', DEFAULT_SMELL_THRESHOLDS.fileLines),
        params: limit('Parameters of a function (Sonar S107).', DEFAULT_SMELL_THRESHOLDS.params),
        nesting: limit('Nested control-flow statements in a function (Sonar S134).', DEFAULT_SMELL_THRESHOLDS.nesting),
        classMethods: limit('Methods (including accessors and the constructor) of a class.', DEFAULT_SMELL_THRESHOLDS.classMethods),
        classFields: limit('Fields of a class, constructor parameter properties included.', DEFAULT_SMELL_THRESHOLDS.classFields),
        classLines: limit('Lines of a class.', DEFAULT_SMELL_THRESHOLDS.classLines),
      },
    },
    magicNumbers: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ignore: { type: 'array', items: { type: 'number' }, default: [0, 1, -1, 2], description: 'Numbers that are never magic.' },
        ignoreTests: { type: 'boolean', default: true, description: 'Skip test files (expected values read best inline).' },
        ignoreHttpStatus: {
          type: 'boolean',
          default: true,
          description: 'Skip HTTP status codes passed to res.status()/sendStatus()/writeHead() or to an *Error constructor.',
        },
      },
    },
    deadCode: {
      type: 'object',
      additionalProperties: false,
      properties: {
        includeTypes: { type: 'boolean', default: false, description: 'Also report exported types and interfaces that nothing imports.' },
        entryPoints: globsSchema(
          'treat as entry points whose exports are public API (added to package.json main/module/exports/bin and index files)',
        ),
      },
    },
    rules: ruleSelectionSchema(SMELL_RULE_IDS),
  },
};

export function resolveSmellOptions(input: SmellsInput): SmellOptions {
  return {
    thresholds: { ...DEFAULT_SMELL_THRESHOLDS, ...(input.thresholds ?? {}) },
    magicIgnore: input.magicNumbers?.ignore ?? [0, 1, -1, 2],
    magicIgnoreTests: input.magicNumbers?.ignoreTests ?? true,
    ignoreHttpStatus: input.magicNumbers?.ignoreHttpStatus ?? true,
    includeTypes: input.deadCode?.includeTypes ?? false,
    entryPoints: input.deadCode?.entryPoints ?? [],
  };
}
