/** refactoring.modernize input: which codemods run on which files, and the package.json "type" decision. */
import { globsSchema, type JSONSchema } from '../../../core/index.js';

export const CODEMOD_IDS = ['var-to-let-const', 'promises-to-async', 'callbacks-to-async', 'cjs-to-esm', 'concat-to-template'] as const;
export type CodemodId = (typeof CODEMOD_IDS)[number];

/**
 * cjs-to-esm is opt-in: it changes how the package is loaded (and needs "type": "module"), so it is
 * not a "safe" default the way the in-file rewrites are.
 */
export const DEFAULT_CODEMODS: CodemodId[] = ['var-to-let-const', 'promises-to-async', 'callbacks-to-async', 'concat-to-template'];

export const SOURCE_EXTENSIONS = ['.js', '.cjs', '.mjs', '.jsx', '.ts', '.cts', '.mts', '.tsx'];

export interface ModernizeInput {
  codemods?: CodemodId[];
  include?: string[];
  exclude?: string[];
  /** cjs-to-esm: also set "type": "module" in package.json (only when every file converted). */
  setTypeModule?: boolean;
}

export const INPUT_SCHEMA: JSONSchema = {
  type: 'object',
  properties: {
    codemods: { type: 'array', items: { enum: [...CODEMOD_IDS] }, uniqueItems: true, minItems: 1 },
    include: globsSchema('change'),
    exclude: globsSchema('leave alone'),
    setTypeModule: { type: 'boolean' },
  },
  additionalProperties: false,
};
