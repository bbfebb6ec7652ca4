export * from './catalogue.js';
export * from './agentd-error.js';
export * from './quote-input.js';
export * from './capability-error.js';
