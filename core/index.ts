/** core's public surface. Capabilities import only from here (contracts, errors, syntax, test runs, the advisory list); the daemon and CLI use the rest. */
export * from './contracts/index.js';
export * from './errors/index.js';
export * from './syntax/index.js';
export * from './fuzzy/index.js';
export * from './test-runs/index.js';
export * from './advisories/index.js';
export * from './http-routes/index.js';
