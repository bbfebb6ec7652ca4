export * from './findings.js';
export * from './capability.js';
export * from './context.js';
export * from './project.js';
export * from './pipeline.js';
export * from './engine.js';
export * from './input-schema-parts.js';
export * from './serialized-data.js';
