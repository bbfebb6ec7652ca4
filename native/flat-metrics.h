/*
 * Complexity metrics of a flat tree (flat-metrics.c), made on the parse thread right after the tree.
 * See capabilities/analysis/complexity/addon-metrics.ts for how JavaScript reads the result.
 */
#ifndef AGENTD_FLAT_METRICS_H
#define AGENTD_FLAT_METRICS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Bits of a node type's metric role (one uint32 per type id, 65536 entries): METRIC_ROLE in
 * core/parsing/metric-roles.ts, the same bit for the same meaning.
 */
enum {
  M_CYCLOMATIC_ALWAYS = 1u << 0,
  M_BINARY = 1u << 1,
  M_LOGICAL_ASSIGNMENT = 1u << 2,
  M_PARAMETER = 1u << 3,
  M_CHAINABLE = 1u << 4,
  M_CALL = 1u << 5,
  M_COGNITIVE_STRUCTURE = 1u << 6,
  M_ELSE_CLAUSE = 1u << 7,
  M_JUMP = 1u << 8,
  M_DEPTH_BLOCK = 1u << 9,
  M_FUNCTION_TYPE = 1u << 10,
  M_ARROW = 1u << 11,
  M_STATIC_BLOCK = 1u << 12,
  M_METHOD = 1u << 13,
  M_NESTED_FIELDS = 1u << 14,
  M_ATOMIC_OPERAND = 1u << 15,
  M_IGNORED_TOKEN = 1u << 16,
  M_OPERAND = 1u << 17,
  M_FIELD_DEFINITION = 1u << 18,
  M_COMMENT = 1u << 19,
  M_NAMED = 1u << 20,
  M_PARENTHESIZED = 1u << 21,
  M_IF_STATEMENT = 1u << 22,
  M_STATEMENT_BLOCK = 1u << 23,
  M_IDENTIFIER = 1u << 24,
  M_VARIABLE_DECLARATOR = 1u << 25,
  M_DECORATOR = 1u << 26,
  M_ACCESSOR = 1u << 27,
  M_OPTIONAL_CHAIN = 1u << 28,
  M_LOGICAL_OPERATOR = 1u << 29,
  M_LOGICAL_ASSIGNMENT_OPERATOR = 1u << 30,
};

/* The field ids the walk asks for, in this order (METRIC_FIELDS in metric-roles.ts); 0xffff: not in the grammar. */
enum { F_VALUE, F_NAME, F_OPERATOR, F_LABEL, F_FUNCTION, F_LEFT, F_RIGHT, F_COUNT };

typedef struct {
  uint32_t *roles;  /* 65536 */
  uint16_t *slots;  /* 65536: the operator slot of each type id (ids with one name share a slot) */
  uint16_t fields[F_COUNT];
  uint32_t *nested; /* type id << 16 | field id: the bodies one cognitive level deeper */
  uint32_t nested_count;
} MetricTables;

/*
 * Fills *out with 7 + 5 * units int32 (see addon-metrics.ts) and *out_length; returns 0, or -1 when
 * out of memory (nothing to free then).
 */
int flat_metrics(const uint32_t *nodes, uint32_t count, const uint16_t *text, size_t length, const MetricTables *tables,
                 int32_t **out, uint32_t *out_length);

#endif
