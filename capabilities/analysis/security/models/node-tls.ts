/** TLS options of Node's tls/https and of database clients: old protocol versions, TLS turned off, certificate checks skipped. */
import type { LibraryModel, OptionRule } from './types.js';

const ANY_OPTIONS = {
  method: ['createServer', 'connect', 'request', 'get', 'Agent', 'createSecureContext', 'SecureContext'],
  receiver: '^(tls|https|http2)$',
};
const OLD_PROTOCOLS = [
  'SSLv2_method',
  'SSLv3_method',
  'SSLv23_method',
  'TLSv1_method',
  'TLSv1_1_method',
  'TLSv1_client_method',
  'TLSv1_server_method',
  'TLSv1_1_client_method',
  'TLSv1_1_server_method',
  'SSLv3_client_method',
];
const TLS_FIX = 'Use TLS 1.2 or later (the default), and keep certificate verification on.';
const transport = (rule: Omit<OptionRule, 'ruleId' | 'fix'>): OptionRule => ({
  ruleId: 'security/insecure-transport',
  fix: TLS_FIX,
  ...rule,
});
const DB_CLIENTS = [
  { callee: { module: ['pg', 'pg-pool'], path: ['Pool', 'Client'] }, construct: 'only' as const, arg: 0 },
  { callee: { module: ['mysql', 'mysql2', 'mysql2/promise'], path: ['createConnection', 'createPool'] }, arg: 0 },
  { callee: { module: ['mongodb'], path: ['MongoClient', 'MongoClient.connect'] }, construct: true, arg: 1 },
  { callee: { module: ['mongoose'], path: ['connect', 'createConnection'] }, arg: 1 },
];

export const model: LibraryModel = {
  id: 'node-tls',
  title: 'TLS options (Node tls/https, database clients)',
  modules: ['tls', 'node:tls', 'https', 'node:https'],
  options: [
    transport({
      callee: ANY_OPTIONS,
      construct: true,
      arg: 0,
      option: 'secureProtocol',
      is: OLD_PROTOCOLS,
      message: 'TLS pinned to an obsolete protocol version (SSLv3 / TLS 1.0 / TLS 1.1).',
    }),
    transport({
      callee: ANY_OPTIONS,
      construct: true,
      arg: 0,
      option: 'minVersion',
      is: ['TLSv1', 'TLSv1.1'],
      message: 'TLS minimum version allows TLS 1.0/1.1.',
    }),
    ...DB_CLIENTS.flatMap((c) => [
      transport({ ...c, option: 'ssl', is: ['false'], severity: 'low', message: 'Database connection with TLS explicitly turned off.' }),
      transport({ ...c, option: 'tls', is: ['false'], severity: 'low', message: 'Database connection with TLS explicitly turned off.' }),
      {
        ...c,
        option: 'tlsAllowInvalidCertificates',
        is: ['true'],
        ruleId: 'security/tls-verification-disabled',
        message: 'Database TLS accepts invalid certificates.',
        fix: TLS_FIX,
      },
      {
        ...c,
        option: 'tlsInsecure',
        is: ['true'],
        ruleId: 'security/tls-verification-disabled',
        message: 'Database TLS skips certificate and host checks (tlsInsecure).',
        fix: TLS_FIX,
      },
      {
        ...c,
        option: 'sslValidate',
        is: ['false'],
        ruleId: 'security/tls-verification-disabled',
        message: 'Database TLS does not validate the server certificate.',
        fix: TLS_FIX,
      },
    ]),
  ],
};
