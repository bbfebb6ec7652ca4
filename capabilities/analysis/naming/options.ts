/**
 * analysis.naming's input: the allowed styles per kind of name, the file-name style, and the names
 * that say nothing. Defaults follow the common TypeScript style (typescript-eslint naming-convention's
 * defaults and the Google/Airbnb guides): camelCase values, PascalCase types, module constants in
 * UPPER_CASE or camelCase, enum members PascalCase or UPPER_CASE, and the file names most of the
 * project already uses (kebab-case when it has no multi-word names yet).
 */
import type { JSONSchema } from '../../../core/index.js';
import { fileSelectionSchema, ruleSelectionSchema, type RuleSelection } from '../../../core/index.js';
import { CASE_STYLES, type CaseStyle } from './case-styles.js';
import { NAMING_RULE_IDS } from './rules.js';

export type ConventionKind = 'variable' | 'function' | 'parameter' | 'constant' | 'type' | 'enumMember' | 'method' | 'field';
export type FileStyle = CaseStyle | 'dominant';

export interface NamingInput {
  include?: string[];
  exclude?: string[];
  conventions?: Partial<Record<ConventionKind, CaseStyle[]>>;
  files?: FileStyle;
  meaningless?: string[];
  allowedShortNames?: string[];
  rules?: RuleSelection;
}

export interface NamingOptions {
  conventions: Record<ConventionKind, CaseStyle[]>;
  files: FileStyle;
  meaningless: string[];
  allowedShortNames: string[];
}

export const DEFAULT_CONVENTIONS: Record<ConventionKind, CaseStyle[]> = {
  variable: ['camelCase'],
  function: ['camelCase'],
  parameter: ['camelCase'],
  constant: ['UPPER_CASE', 'camelCase'],
  type: ['PascalCase'],
  enumMember: ['PascalCase', 'UPPER_CASE'],
  method: ['camelCase'],
  field: ['camelCase'],
};

export const DEFAULT_MEANINGLESS = [
  'data',
  'tmp',
  'temp',
  'foo',
  'bar',
  'baz',
  'qux',
  'quux',
  'stuff',
  'thing',
  'things',
  'dummy',
  'blah',
  'obj',
  'arr',
  'val',
  'str',
  'num',
  'myvar',
  'xxx',
  'aaa',
];

const styles = (kind: string): JSONSchema => ({
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: { type: 'string', enum: [...CASE_STYLES] },
  description: `Allowed styles for ${kind}.`,
});

const KIND_DESCRIPTIONS: Record<ConventionKind, string> = {
  variable: 'variables (let/var, const in functions)',
  function: 'functions (components may also be PascalCase)',
  parameter: 'parameters',
  constant: 'module-level const declarations (UPPER_CASE is also fine for any const)',
  type: 'classes, interfaces, type aliases and enums',
  enumMember: 'enum members',
  method: 'class methods',
  field: 'class fields (static/readonly fields may also be UPPER_CASE)',
};

export const NAMING_INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...fileSelectionSchema(),
    conventions: {
      type: 'object',
      additionalProperties: false,
      description: 'Allowed case styles per kind of name.',
      properties: Object.fromEntries(Object.entries(KIND_DESCRIPTIONS).map(([kind, what]) => [kind, styles(what)])),
    },
    files: {
      type: 'string',
      enum: ['dominant', ...CASE_STYLES],
      default: 'dominant',
      description:
        "File-name style; 'dominant' takes the project's most used style among multi-word names (kebab-case if none). Component files may always be PascalCase, hook files camelCase.",
    },
    meaningless: {
      type: 'array',
      items: { type: 'string', minLength: 1 },
      description: 'Names that say nothing (compared case-insensitively, also with a trailing number).',
    },
    allowedShortNames: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 1 },
      default: ['_', 'x', 'y', 'z'],
      description: 'Single-letter names allowed everywhere (others only for loop variables and lambda/catch parameters).',
    },
    rules: ruleSelectionSchema(NAMING_RULE_IDS),
  },
};

export function resolveNamingOptions(input: NamingInput): NamingOptions {
  return {
    conventions: { ...DEFAULT_CONVENTIONS, ...(input.conventions ?? {}) },
    files: input.files ?? 'dominant',
    meaningless: (input.meaningless ?? DEFAULT_MEANINGLESS).map((n) => n.toLowerCase()),
    allowedShortNames: input.allowedShortNames ?? ['_', 'x', 'y', 'z'],
  };
}
