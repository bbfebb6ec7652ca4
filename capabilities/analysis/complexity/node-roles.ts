/**
 * What each node type can mean to the metrics walker, as one bit mask per type: the walker looks up a
 * node's type once and skips every rule whose bit is not set (most nodes have none), instead of asking
 * a dozen sets per node. The sets themselves stay with the rules that define them.
 */
import { COGNITIVE_NESTING_STRUCTURES, NESTED_FIELDS } from './cognitive.js';
import { CYCLOMATIC_ALWAYS } from './cyclomatic.js';
import { DEPTH_BLOCKS } from './nesting.js';
import { ATOMIC_OPERANDS, IGNORED_TOKENS, OPERAND_TYPES } from './halstead.js';
import { FIELD_TYPES, UNIT_FUNCTION_TYPES } from './function-units.js';

export const ROLE = {
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
} as const;

function build(): Map<string, number> {
  const roles = new Map<string, number>();
  const add = (types: Iterable<string>, role: number): void => {
    for (const type of types) roles.set(type, (roles.get(type) ?? 0) | role);
  };
  add(CYCLOMATIC_ALWAYS, ROLE.cyclomaticAlways);
  add(['binary_expression'], ROLE.binary);
  add(['augmented_assignment_expression'], ROLE.logicalAssignment);
  add(['required_parameter', 'optional_parameter'], ROLE.parameter);
  add(['member_expression', 'subscript_expression', 'call_expression'], ROLE.chainable);
  add(['call_expression'], ROLE.call);
  add(COGNITIVE_NESTING_STRUCTURES, ROLE.cognitiveStructure);
  add(['else_clause'], ROLE.elseClause);
  add(['break_statement', 'continue_statement'], ROLE.jump);
  add(DEPTH_BLOCKS, ROLE.depthBlock);
  add(UNIT_FUNCTION_TYPES, ROLE.functionType);
  add(['arrow_function'], ROLE.arrow);
  add(['class_static_block'], ROLE.staticBlock);
  add(['method_definition'], ROLE.method);
  add(Object.keys(NESTED_FIELDS), ROLE.nestedFields);
  add(ATOMIC_OPERANDS, ROLE.atomicOperand);
  add(IGNORED_TOKENS, ROLE.ignoredToken);
  add(OPERAND_TYPES, ROLE.operand);
  add(FIELD_TYPES, ROLE.fieldDefinition);
  add(['comment'], ROLE.comment);
  return roles;
}

/** What the walker needs of one node type: its roles, and a small number for counting it as an operator. */
export interface TypeInfo {
  readonly roles: number;
  /** Dense per-type number (the Halstead counter's operator slot). */
  readonly slot: number;
}

const ROLES = build();
const INFOS = new Map<string, TypeInfo>();

/**
 * The walker's one lookup per node. Types without a role (most keywords and punctuation) get an entry
 * on first sight too, so every type has a slot; a grammar has a few hundred types, so the map stays small.
 */
export function typeInfo(type: string): TypeInfo {
  return INFOS.get(type) ?? register(type);
}

function register(type: string): TypeInfo {
  const info: TypeInfo = { roles: ROLES.get(type) ?? 0, slot: INFOS.size };
  INFOS.set(type, info);
  return info;
}
