/** Project context detection (language, frameworks, styling, code style, tooling) and its cache. */
export { detectProject } from './detect-project.js';
export { getProjectContext, projectConfigHash } from './cached-project.js';
export { findPrettierConfig } from './style-prettier.js';
export { styleFromEslintText } from './style-eslint.js';
export { styleFromEditorconfig } from './style-editorconfig.js';
