/** Redis, mail and message-broker clients: a literal password in the client options is a credential in the repository. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'credentials-in-clients',
  title: 'Passwords in client options (ioredis, redis, nodemailer, amqplib, mssql)',
  modules: ['ioredis', 'redis', 'nodemailer', 'mssql', 'tedious', 'oracledb', 'amqplib'],
  secrets: [
    {
      callee: { module: ['ioredis'], path: ['', 'Cluster'] },
      construct: true,
      arg: 0,
      members: ['password'],
      ruleId: 'security/hardcoded-password',
      what: 'the Redis password',
    },
    {
      callee: { module: ['redis'], path: ['createClient'] },
      arg: 0,
      members: ['password'],
      ruleId: 'security/hardcoded-password',
      what: 'the Redis password',
    },
    {
      callee: { module: ['nodemailer'], path: ['createTransport'] },
      arg: 0,
      members: ['auth.pass', 'auth.password'],
      ruleId: 'security/hardcoded-password',
      what: 'the SMTP password',
    },
    {
      callee: { module: ['mssql', 'oracledb'], path: ['connect', 'ConnectionPool', 'getConnection', 'createPool'] },
      construct: true,
      arg: 0,
      members: ['password'],
      ruleId: 'security/hardcoded-password',
      what: 'the database password',
    },
    {
      callee: { module: ['amqplib'], path: ['connect'] },
      arg: 0,
      members: ['password'],
      ruleId: 'security/hardcoded-password',
      what: 'the broker password',
    },
  ],
};
