/**
 * generation.migration's planning data: "write a migration that creates the posts table with
 * title:string", "a migration to add column age:number to users", "a knex migration …" -> {name,
 * change, fields, layout, dialect}. Richer phrasings (indexes, foreign keys) are listed in planning-notes.md.
 */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [{ id: 'gen-migration', label: 'generate a migration', keywords: 'migration=4' }],
  strategy: 'generate',
  generates: { kind: 'migration', api: true, workflow: false },
  fields: [
    { field: 'name', from: 'new-name', kind: 'other', fallback: 'record' },
    { field: 'fields', from: 'fields' },
    {
      field: 'change',
      from: 'phrase',
      phrases: ['add column', 'adds column', 'adding column', 'new column', 'add field', 'adds field'],
      value: 'add-column',
    },
    {
      field: 'change',
      from: 'phrase',
      phrases: ['drop column', 'drops column', 'remove column', 'removes column', 'delete column'],
      value: 'drop-column',
    },
    { field: 'change', from: 'phrase', phrases: ['drop table', 'drops table', 'remove table'], value: 'drop-table' },
    { field: 'layout', from: 'phrase', phrases: ['prisma'], value: 'prisma' },
    { field: 'layout', from: 'phrase', phrases: ['drizzle'], value: 'drizzle' },
    { field: 'layout', from: 'phrase', phrases: ['knex'], value: 'knex' },
    { field: 'dialect', from: 'phrase', phrases: ['postgres', 'postgresql', 'pg'], value: 'postgresql' },
    { field: 'dialect', from: 'phrase', phrases: ['sqlite'], value: 'sqlite' },
  ],
};
