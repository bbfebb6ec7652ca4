/** Words that cannot name a binding in strict-mode TypeScript/JavaScript (ECMAScript reserved words, strict-mode and TypeScript's reserved type names). */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends',
  'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw',
  'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'await',
  // strict mode
  'implements', 'interface', 'let', 'package', 'private', 'protected', 'public', 'static',
  // cannot be assigned in strict mode
  'arguments', 'eval',
]);

/** Names a type alias, interface or class cannot take in TypeScript. */
export const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set(['any', 'unknown', 'never', 'number', 'string', 'boolean', 'symbol', 'bigint', 'object', 'undefined', 'void']);
