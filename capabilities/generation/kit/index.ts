/** The generation group's shared kit: templates with per-project overrides, names, staging without silent overwrites. */
export { renderTemplate, templateRenderer, overridePath, bundledPath, type RenderedTemplate } from './templates.js';
export { wordsOf, pascalCase, camelCase, kebabCase, snakeCase, plural, singular, withArticle } from './casing.js';
export { identifierProblem, assertIdentifier, type IdentifierRule } from './identifiers.js';
export {
  stageFiles,
  prepareFiles,
  describeStaged,
  onExistingSchema,
  type GeneratedFile,
  type OnExisting,
  type StagedFile,
  type PreparedFile,
} from './stage-files.js';
export { exportedNames, collidingExport, type ExportedName } from './existing-exports.js';
export { baseName, dirName, mostCommon } from './file-layout.js';
