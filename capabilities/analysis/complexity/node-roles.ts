/**
 * What each node type can mean to the metrics walker, as one bit mask per type: the walker looks up a
 * node's type once and skips every rule whose bit is not set (most nodes have none), instead of asking
 * a dozen sets per node. The types and their bits are core's metric vocabulary
 * (core/parsing/metric-roles.ts), which the flat-tree addon's metrics read by type id.
 */
import { METRIC_ROLE, metricRoleOf } from '../../../core/index.js';

export const ROLE = METRIC_ROLE;

/** What the walker needs of one node type: its roles, and a small number for counting it as an operator. */
export interface TypeInfo {
  readonly roles: number;
  /** Dense per-type number (the Halstead counter's operator slot). */
  readonly slot: number;
}

const INFOS = new Map<string, TypeInfo>();

/**
 * The walker's one lookup per node. Types without a role (most keywords and punctuation) get an entry
 * on first sight too, so every type has a slot; a grammar has a few hundred types, so the map stays small.
 */
export function typeInfo(type: string): TypeInfo {
  return INFOS.get(type) ?? register(type);
}

function register(type: string): TypeInfo {
  const info: TypeInfo = { roles: metricRoleOf(type), slot: INFOS.size };
  INFOS.set(type, info);
  return info;
}
