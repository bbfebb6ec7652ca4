/**
 * MongoDB driver and generic NoSQL filters: a request value that may be an object (`{"$ne": null}`)
 * used as a filter, or input in a `$where` expression. Recognised on collections and PascalCase models;
 * not in files that use an SQL ORM (Sequelize, TypeORM, Prisma, Objection, MikroORM, Bookshelf),
 * whose `findOne({ where })` is parameterised, and not with an ORM options object (`{ where: ... }`).
 */
import type { LibraryModel } from './types.js';

export const SQL_ORMS = [
  '^sequelize',
  '^typeorm$',
  '^@prisma/client$',
  '^objection$',
  '^@mikro-orm/',
  '^bookshelf$',
  '^waterline$',
  '^@nestjs/typeorm$',
  '^@nestjs/sequelize$',
  '^knex$',
  '^drizzle-orm',
];
const FILTER_FIX =
  'Convert values to the expected primitive (String(), a schema validator), reject objects, or use express-mongo-sanitize.';
const METHODS = [
  'find',
  'findOne',
  'findOneAndUpdate',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndRemove',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
  'countDocuments',
  'count',
  'replaceOne',
  'exists',
  'where',
  'aggregate',
  'distinct',
  'remove',
  'update',
];

export const model: LibraryModel = {
  id: 'mongodb',
  title: 'MongoDB driver (and NoSQL filters generally)',
  modules: ['mongodb', 'mongojs', 'monk'],
  factories: ['collection'],
  sinks: [
    {
      ruleId: 'security/nosql-injection',
      kind: 'nosql',
      callee: { module: ['mongodb'], path: METHODS.map((m) => `collection().${m}`) },
      args: [0],
      requires: 'notOrmOptions',
      fix: FILTER_FIX,
    },
    {
      ruleId: 'security/nosql-injection',
      kind: 'nosql',
      callee: { module: ['mongodb'], path: ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne'].map((m) => `collection().${m}`) },
      args: [1],
      when: 'wholeObject',
      fix: 'Build the update document with $set of known fields; a request object can carry any operator.',
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: { module: ['mongodb'], path: ['insertOne', 'insertMany'].map((m) => `collection().${m}`) },
      args: [0],
      when: 'wholeObject',
      fix: 'Insert only the fields the user may set.',
    },
    {
      ruleId: 'security/nosql-injection',
      kind: 'nosql',
      callee: { method: METHODS, receiver: '^[A-Z][A-Za-z0-9]*(\\.|$)|collection|model|repo|coll\\b|db', notImported: SQL_ORMS },
      args: [0],
      requires: 'notOrmOptions',
      fix: FILTER_FIX,
    },
    {
      ruleId: 'security/nosql-injection',
      kind: 'code',
      callee: { method: ['mapReduce'], receiver: '.' },
      args: [0, 1],
      fix: 'Never build server-side JavaScript from input.',
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: { method: ['insertOne', 'insertMany', 'replaceOne'], receiver: 'collection|coll\\b|db\\.' },
      args: 'all',
      when: 'wholeObject',
      fix: 'Insert only the fields the user may set.',
    },
    {
      ruleId: 'security/nosql-injection',
      kind: 'nosql',
      callee: {
        method: ['updateOne', 'updateMany', 'findOneAndUpdate', 'findByIdAndUpdate', 'update'],
        receiver: 'collection|coll\\b|db\\.',
        notImported: SQL_ORMS,
      },
      args: [1],
      when: 'wholeObject',
      fix: 'Build the update document with $set of known fields; a request object can carry any operator.',
    },
  ],
  sanitizers: [
    {
      names: [
        'mongoSanitize.sanitize',
        'mongoSanitize',
        'sanitize',
        'mongo-sanitize',
        'ObjectId',
        'new ObjectId',
        'mongoose.Types.ObjectId',
        'Types.ObjectId',
      ],
      kinds: ['nosql', 'mass'],
    },
  ],
  secrets: [
    {
      callee: { module: ['mongodb'], path: ['MongoClient'] },
      construct: 'only',
      arg: 1,
      members: ['password'],
      ruleId: 'security/hardcoded-password',
      what: 'the database password',
    },
  ],
};
