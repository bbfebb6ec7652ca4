/**
 * TypeORM: `query(sql, parameters)` and the query builder's `where/andWhere/orWhere/having/orderBy`
 * take SQL text; `:name` parameters are bound. `findOne({ where: { id } })` is parameterised.
 */
import type { LibraryModel } from './types.js';
import { SQL_FIX } from './sql-clients.js';

const QB = 'createQueryBuilder\\(\\)|(^|\\.)(qb|query[Bb]uilder|builder|queryBuilder)$';
const BUILDER = [
  'where',
  'andWhere',
  'orWhere',
  'having',
  'andHaving',
  'orHaving',
  'orderBy',
  'addOrderBy',
  'groupBy',
  'addGroupBy',
  'select',
  'addSelect',
  'innerJoin',
  'leftJoin',
  'innerJoinAndSelect',
  'leftJoinAndSelect',
];

export const model: LibraryModel = {
  id: 'typeorm',
  title: 'TypeORM',
  modules: ['typeorm'],
  factories: ['getRepository', 'getMongoRepository', 'getTreeRepository', 'getCustomRepository', 'withRepository'],
  sinks: [
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: {
        module: ['typeorm'],
        path: [
          'getRepository().query',
          'getRepository().createQueryBuilder().where',
          'getRepository().createQueryBuilder().andWhere',
          'getRepository().createQueryBuilder().orWhere',
          'getRepository().createQueryBuilder().orderBy',
          'getRepository().createQueryBuilder().having',
        ],
      },
      args: [0],
      requires: 'notObjectArg',
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: { module: ['typeorm'], path: ['save', 'create', 'insert', 'merge', 'update', 'preload'].map((m) => `getRepository().${m}`) },
      args: 'all',
      when: 'wholeObject',
      fix: 'Copy only the fields the user may set into the entity.',
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: BUILDER, receiver: QB },
      args: [0],
      requires: 'notObjectArg',
      fix: 'Put values in `:name` parameters: .where("u.id = :id", { id }).',
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: { method: ['innerJoin', 'leftJoin', 'innerJoinAndSelect', 'leftJoinAndSelect'], receiver: QB },
      args: [2],
      fix: 'Put values in `:name` parameters.',
    },
    {
      ruleId: 'security/sql-injection',
      kind: 'sql',
      callee: {
        method: ['query'],
        receiver: '(^|\\.)(\\w*[Rr]epository|\\w*[Rr]epo|manager|entityManager|dataSource|connection|queryRunner|AppDataSource)$',
        imported: ['^typeorm$'],
      },
      args: [0],
      fix: SQL_FIX,
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: {
        method: ['save', 'create', 'insert', 'merge', 'update', 'preload'],
        receiver: '(^|\\.)(\\w*[Rr]epository|\\w*[Rr]epo)$',
        imported: ['^typeorm$'],
      },
      args: 'all',
      when: 'wholeObject',
      fix: 'Copy only the fields the user may set into the entity.',
    },
  ],
};
