export * from './catalogue.js';
export * from './agentd-error.js';
