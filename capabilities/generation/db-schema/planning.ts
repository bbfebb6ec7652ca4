/**
 * generation.db-schema's planning data: "create a User model with name:string, email:string",
 * "a prisma schema for orders", "a drizzle table for posts in sqlite" -> {name, fields, target, dialect}
 * (each option a single value: the phrase that names it).
 */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'gen-schema',
      label: 'generate a database schema',
      keywords: 'database schema=4,db schema=4,schema=2.5,table=2,prisma=2,drizzle=2,typeorm=2,sequelize=2,mongoose=2,sql=1.5,model=2',
    },
  ],
  strategy: 'generate',
  generates: { kind: 'db-schema', api: true, workflow: false },
  fields: [
    { field: 'name', from: 'new-name', kind: 'other', fallback: 'record' },
    { field: 'fields', from: 'fields' },
    { field: 'target', from: 'phrase', phrases: ['prisma'], value: 'prisma' },
    { field: 'target', from: 'phrase', phrases: ['drizzle'], value: 'drizzle' },
    { field: 'target', from: 'phrase', phrases: ['typeorm', 'typeorm entity'], value: 'typeorm' },
    { field: 'target', from: 'phrase', phrases: ['sequelize', 'sequelize model'], value: 'sequelize' },
    { field: 'target', from: 'phrase', phrases: ['mongoose'], value: 'mongoose' },
    { field: 'target', from: 'phrase', phrases: ['plain sql', 'sql ddl', 'ddl'], value: 'sql' },
    { field: 'dialect', from: 'phrase', phrases: ['postgres', 'postgresql', 'pg'], value: 'postgresql' },
    { field: 'dialect', from: 'phrase', phrases: ['sqlite'], value: 'sqlite' },
  ],
};
