/** Schema validators (zod, joi, yup, ajv, class-validator): they fix the shape (no operator objects, no unknown keys), not the content of strings. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'schema-validators',
  title: 'Schema validators (zod, joi, yup)',
  modules: ['zod', 'joi', 'yup', 'ajv', 'superstruct', 'valibot'],
  sanitizers: [
    { methods: ['parse', 'safeParse', 'parseAsync', 'validateSync', 'validateAsync', 'cast'], kinds: ['nosql', 'mass', 'proto'] },
  ],
};
