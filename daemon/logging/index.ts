export type { Level, LogRecord, LogFilter, Logger } from './types.js';
export { createLogger, DEFAULT_CAPACITY, type LoggerConfig, type LoggerOptions } from './create-logger.js';
export { formatPretty, formatJson } from './format.js';
export { LEVELS, isLevel, atLeast, matchesFilter } from './levels.js';
export { REDACTED, SecretRedactor, MIN_REDACTED_LENGTH } from './redact.js';
export { redactingLogger } from './redacting-logger.js';
