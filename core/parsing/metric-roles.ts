/**
 * What each node type of the JavaScript and TypeScript grammars means to the complexity metrics
 * (capabilities/analysis/complexity): which types decide (cyclomatic), nest (cognitive), open a depth,
 * open a unit, or count as a Halstead operand, operator or nothing. One bit mask per type, so a walker
 * decides with one lookup per node: by name for the plain tree (the complexity check's walker), by the
 * grammar's numeric type id for the flat one (the flat-tree addon's native/flat-metrics.c, which gets
 * the tables below once per grammar when a parse asks for metrics). Here in core, not in the check,
 * because the scan's parses start before any check's module is loaded.
 */
import { ERROR_TYPE_ID, type GrammarNames } from './flat-parser.js';

/** Each adds one to cyclomatic complexity (ESLint's `complexity` rule). */
export const CYCLOMATIC_ALWAYS = new Set([
  'if_statement',
  'ternary_expression',
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'catch_clause',
  'switch_case',
  'assignment_pattern',
  'object_assignment_pattern',
]);

/** Structures that add one to cognitive complexity plus their nesting level (an else-if adds one only). */
export const COGNITIVE_NESTING_STRUCTURES = new Set([
  'if_statement',
  'ternary_expression',
  'switch_statement',
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'catch_clause',
]);

/** The fields of a structure whose contents sit one cognitive nesting level deeper. */
export const NESTED_FIELDS: Record<string, string[]> = {
  if_statement: ['consequence'],
  ternary_expression: ['consequence', 'alternative'],
  switch_statement: ['body'],
  for_statement: ['body'],
  for_in_statement: ['body'],
  while_statement: ['body'],
  do_statement: ['body'],
  catch_clause: ['body'],
};

/** Blocks that open one level of ESLint's max-depth (an else-if continues its if's level). */
export const DEPTH_BLOCKS = new Set([
  'if_statement',
  'switch_statement',
  'try_statement',
  'do_statement',
  'while_statement',
  'with_statement',
  'for_statement',
  'for_in_statement',
]);

/** Function nodes measured as units (those with a body block, and every arrow function). */
export const UNIT_FUNCTION_TYPES = new Set([
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'function',
  'generator_function',
  'arrow_function',
  'method_definition',
]);
/** Class fields: an initializer (`value`) is a unit of its own, as ESLint measures it. */
export const FIELD_TYPES = new Set(['public_field_definition', 'field_definition']);

/**
 * Halstead operands: identifiers of every kind, literals (a string, template text, regex or number is
 * one operand), `this`, `super`, `true`, `false`, `null`, `undefined`. Operators: every other token
 * (keywords, operators, opening brackets), except separators and closing brackets (IGNORED_TOKENS),
 * which only pair with what they close. Comments are skipped.
 */
export const OPERAND_TYPES = new Set([
  'identifier',
  'property_identifier',
  'shorthand_property_identifier',
  'shorthand_property_identifier_pattern',
  'private_property_identifier',
  'type_identifier',
  'statement_identifier',
  'number',
  'string',
  'regex',
  'string_fragment',
  'this',
  'super',
  'true',
  'false',
  'null',
  'undefined',
  'predefined_type',
]);
/** Leaves in all but name: their text is one operand and their children are quoting punctuation. */
export const ATOMIC_OPERANDS = new Set(['string', 'regex', 'number']);
export const IGNORED_TOKENS = new Set([',', ';', ')', ']', '}', '`', '"', "'", 'comment', 'html_comment', 'hash_bang_line']);

/** Role bits; native/flat-metrics.h has the same bits (M_*) for the same meanings. */
export const METRIC_ROLE = {
  cyclomaticAlways: 1 << 0,
  /** binary_expression: a logical operator adds to cyclomatic and cognitive. */
  binary: 1 << 1,
  logicalAssignment: 1 << 2,
  parameter: 1 << 3,
  /** member, subscript or call: one decision per optional chain. */
  chainable: 1 << 4,
  call: 1 << 5,
  cognitiveStructure: 1 << 6,
  elseClause: 1 << 7,
  jump: 1 << 8,
  depthBlock: 1 << 9,
  functionType: 1 << 10,
  arrow: 1 << 11,
  staticBlock: 1 << 12,
  method: 1 << 13,
  /** Has bodies one cognitive level deeper (NESTED_FIELDS). */
  nestedFields: 1 << 14,
  atomicOperand: 1 << 15,
  ignoredToken: 1 << 16,
  operand: 1 << 17,
  fieldDefinition: 1 << 18,
  comment: 1 << 19,
  // Only the native walk reads these (the plain tree's walker compares names).
  named: 1 << 20,
  parenthesized: 1 << 21,
  ifStatement: 1 << 22,
  statementBlock: 1 << 23,
  identifier: 1 << 24,
  variableDeclarator: 1 << 25,
  decorator: 1 << 26,
  accessor: 1 << 27,
  optionalChain: 1 << 28,
  logicalOperator: 1 << 29,
  logicalAssignmentOperator: 1 << 30,
} as const;

function byName(): Map<string, number> {
  const roles = new Map<string, number>();
  const add = (types: Iterable<string>, role: number): void => {
    for (const type of types) roles.set(type, (roles.get(type) ?? 0) | role);
  };
  const R = METRIC_ROLE;
  add(CYCLOMATIC_ALWAYS, R.cyclomaticAlways);
  add(['binary_expression'], R.binary);
  add(['augmented_assignment_expression'], R.logicalAssignment);
  add(['required_parameter', 'optional_parameter'], R.parameter);
  add(['member_expression', 'subscript_expression', 'call_expression'], R.chainable);
  add(['call_expression'], R.call);
  add(COGNITIVE_NESTING_STRUCTURES, R.cognitiveStructure);
  add(['else_clause'], R.elseClause);
  add(['break_statement', 'continue_statement'], R.jump);
  add(DEPTH_BLOCKS, R.depthBlock);
  add(UNIT_FUNCTION_TYPES, R.functionType);
  add(['arrow_function'], R.arrow);
  add(['class_static_block'], R.staticBlock);
  add(['method_definition'], R.method);
  add(Object.keys(NESTED_FIELDS), R.nestedFields);
  add(ATOMIC_OPERANDS, R.atomicOperand);
  add(IGNORED_TOKENS, R.ignoredToken);
  add(OPERAND_TYPES, R.operand);
  add(FIELD_TYPES, R.fieldDefinition);
  add(['comment'], R.comment);
  add(['parenthesized_expression'], R.parenthesized);
  add(['if_statement'], R.ifStatement);
  add(['statement_block'], R.statementBlock);
  add(['identifier'], R.identifier);
  add(['variable_declarator'], R.variableDeclarator);
  add(['decorator'], R.decorator);
  add(['accessor'], R.accessor);
  add(['optional_chain', '?.'], R.optionalChain);
  add(['&&', '||', '??'], R.logicalOperator);
  add(['&&=', '||=', '??='], R.logicalAssignmentOperator);
  return roles;
}

const ROLES = byName();

/** The role bits of a node type by name (the plain tree's nodes). */
export function metricRoleOf(type: string): number {
  return ROLES.get(type) ?? 0;
}

/** The fields the native walk asks for, in native/flat-metrics.h's order (F_VALUE ... F_RIGHT). */
const METRIC_FIELDS = ['value', 'name', 'operator', 'label', 'function', 'left', 'right'];
const NO_FIELD = 0xffff;

/** What native/flat-metrics.c reads of one grammar (flat-tree.c's metricRoles). */
export interface MetricTables {
  /** Role bits by type id, every 16-bit id (ERROR, 0xffff, is named and has no other role). */
  roles: Uint32Array;
  /** The Halstead operator slot by type id: ids that share a name share a slot, as by-name counting does. */
  slots: Uint16Array;
  /** The grammar's id of each of METRIC_FIELDS, 0xffff when it has none. */
  fields: Uint16Array;
  /** type id << 16 | field id, for every NESTED_FIELDS pair the grammar has. */
  nested: Uint32Array;
}

const tablesByGrammar = new WeakMap<GrammarNames, MetricTables>();

/** The tables of one grammar's names (flat-parser.ts gives them to the addon once). */
export function metricTablesOf(names: GrammarNames): MetricTables {
  let tables = tablesByGrammar.get(names);
  if (tables) return tables;
  const roles = new Uint32Array(ERROR_TYPE_ID + 1);
  const slots = new Uint16Array(ERROR_TYPE_ID + 1);
  const slotOfName = new Map<string, number>();
  const slotOf = (name: string): number => {
    let slot = slotOfName.get(name);
    if (slot === undefined) slotOfName.set(name, (slot = slotOfName.size));
    return slot;
  };
  const nested: number[] = [];
  const fieldIds = new Map<string, number>();
  names.fields.forEach((field, id) => field && fieldIds.set(field, id));
  names.types.forEach((type, id) => {
    if (id === ERROR_TYPE_ID || type === undefined) return;
    roles[id] = metricRoleOf(type) | (names.named[id] ? METRIC_ROLE.named : 0);
    slots[id] = slotOf(type);
    for (const field of Object.hasOwn(NESTED_FIELDS, type) ? NESTED_FIELDS[type]! : []) {
      const fieldId = fieldIds.get(field);
      if (fieldId !== undefined) nested.push(((id << 16) | fieldId) >>> 0);
    }
  });
  roles[ERROR_TYPE_ID] = metricRoleOf('ERROR') | METRIC_ROLE.named;
  slots[ERROR_TYPE_ID] = slotOf('ERROR');
  const fields = Uint16Array.from(METRIC_FIELDS, (field) => fieldIds.get(field) ?? NO_FIELD);
  tables = { roles, slots, fields, nested: Uint32Array.from(nested) };
  tablesByGrammar.set(names, tables);
  return tables;
}
