/*
 * The lexical tokens of a flat tree (flat-tokens.c), made on the parse thread right after the tree.
 * See FlatTokens in core/parsing/flat-parser.ts for what a token is and how JavaScript reads these columns.
 */
#ifndef AGENTD_FLAT_TOKENS_H
#define AGENTD_FLAT_TOKENS_H

#include <stddef.h>
#include <stdint.h>

/* Bits of a node type's role (one byte per type id, 65536 entries): core/parsing/lexical-roles.ts. */
enum {
  ROLE_SKIPPED = 1,
  ROLE_LITERAL = 2,
  ROLE_IDENTIFIER = 4,
  ROLE_TEMPLATE = 8,
  ROLE_SUBSTITUTION = 16,
  ROLE_JSX_TEXT = 32,
};

typedef struct {
  /*
   * count * 25 bytes: six int32 columns of `count` entries (ids, codes, start lines, end lines, start
   * columns, end columns), then one uint8 column (kinds).
   */
  void *columns;
  uint32_t count;
  /* 2 * distinct int32: where each distinct text first occurs (start, length), by id. */
  int32_t *spans;
  uint32_t distinct;
  /* Lines in the text, counted as jscpd does (a final newline opens no line). */
  uint32_t lines;
} FlatTokens;

/* Returns 0 and fills `out`, or -1 when out of memory (nothing to free then). */
int flat_tokens(const uint32_t *nodes, uint32_t count, const uint16_t *text, size_t length, const uint8_t *roles, FlatTokens *out);

#endif
