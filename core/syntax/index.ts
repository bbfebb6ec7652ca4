/** Capability-neutral syntax helpers over tree-sitter trees: the shared plain tree, node queries, batched parsing. */
export {
  LineIndex,
  copyTree,
  endColumnOf,
  endRowOf,
  startColumnOf,
  startRowOf,
  syntaxTreeOf,
  treeFromFlat,
  type SyntaxNode,
} from './plain-tree.js';
export { flatTreeOf, hasSyntaxError } from '../parsing/parsed-file.js';
export {
  ERROR_TYPE_ID,
  addonCloneSearch,
  addonWindowEncoder,
  type CloneSearch,
  type WindowEncoder,
  type FlatTokens,
  type FlatTree,
  type GrammarNames,
} from '../parsing/flat-parser.js';
export {
  ROLE_IDENTIFIER,
  ROLE_JSX_TEXT,
  ROLE_LITERAL,
  ROLE_SKIPPED,
  ROLE_SUBSTITUTION,
  ROLE_TEMPLATE,
  roleOf,
  rolesOf,
} from '../parsing/lexical-roles.js';
export {
  ATOMIC_OPERANDS,
  COGNITIVE_NESTING_STRUCTURES,
  CYCLOMATIC_ALWAYS,
  DEPTH_BLOCKS,
  FIELD_TYPES,
  IGNORED_TOKENS,
  METRIC_ROLE,
  metricRoleOf,
  metricTablesOf,
  NESTED_FIELDS,
  OPERAND_TYPES,
  UNIT_FUNCTION_TYPES,
  type MetricTables,
} from '../parsing/metric-roles.js';
export {
  ancestors,
  descendantForIndex,
  descendants,
  fieldChild,
  fieldChildren,
  firstNamedChild,
  hasChild,
  logicalParent,
  namedChildren,
  rangeOf,
  textOf,
  twoFieldChildren,
  walk,
} from './node-helpers.js';
export {
  SOURCE_EXTENSIONS,
  isDeclarationFile,
  listSourcePaths,
  parseSources,
  refusedSources,
  skippedSources,
  type ParsedSources,
  type SkippedSource,
  type SourceSelection,
} from './parse-sources.js';
export {
  FUNCTION_TYPES,
  FUNCTION_VALUE_TYPES,
  ITERATION_METHODS,
  LOOP_TYPES,
  boundName,
  callArguments,
  calleeName,
  calleeObject,
  containsJsx,
  enclosingFunction,
  enclosingLoop,
  headRangeOf,
  isFunction,
  isIterationCallback,
  isJsx,
  skipParens,
} from './js-queries.js';
export {
  isTestFile,
  loadSources,
  memoised,
  optionsKey,
  resolvedPerInput,
  unitOf,
  type LoadedSources,
  type SourceUnit,
} from './source-units.js';
export { forEachOfType, nodesOfType } from './node-index.js';
export { perTree } from './tree-data.js';
export { withYoungTree } from './plain-tree.js';
