/** tree-sitter parsing of TypeScript, TSX and JavaScript (with JSX). */
export { parseSource, unsupportedLanguage } from './parse-source.js';
export { parseCached } from './cached-parse.js';
export { languageForPath, grammarFor, PARSABLE_EXTENSIONS } from './languages.js';
