/*
 * The lexical tokens of one parsed file, read from its flat tree on the parse thread: the leaves in
 * source order, comments left out, a string, template without substitutions, number, regex or JSX
 * text taken whole (JSX text that is only whitespace left out). Each token gets an id (dense, in order
 * of first appearance: equal ids are equal texts), a code (from the 32-bit FNV-1a hash of its UTF-16
 * text), a kind (identifier, literal, other) and its 1-based lines and columns.
 *
 * This is the same walk, interning and row tracking as the JavaScript tokenizer
 * (capabilities/analysis/duplication/flat-tokens.ts, token-sink.ts, slice-interner.ts), which stays
 * for parses made without the addon's tokens; test/capabilities/analysis/duplication/token-stream.test.ts
 * holds both to the same columns. Done here it adds 10-25 % to the parse thread's time on the bench
 * corpus (measured while other work ran) and takes ~0.1 s of a scan off the main thread.
 */
#include "flat-tokens.h"

#include <stdlib.h>
#include <string.h>

#define FNV_OFFSET 0x811c9dc5u
#define FNV_PRIME 0x01000193u

enum { KIND_OTHER = 0, KIND_IDENTIFIER = 1, KIND_LITERAL = 2 };

typedef struct {
  const uint16_t *text;
  size_t length;
  /* Columns, as long as the tree has nodes (no file has more tokens than nodes). */
  int32_t *ids, *codes, *start_lines, *end_lines, *start_columns, *end_columns;
  uint8_t *kinds;
  uint32_t count;
  /* Interner: per id the hash, first start and length; open addressing over id + 1 (0 free), at most half full. */
  int32_t *hashes;
  uint32_t *starts, *lengths;
  uint32_t distinct, distinct_capacity;
  uint32_t *slots;
  uint32_t mask;
  /* Row tracker: line starts, and the row of the last token's start (it only moves forward). */
  uint32_t *line_starts;
  uint32_t line_count;
  uint32_t row;
} Tokenizer;

/* ECMAScript's WhiteSpace and LineTerminator: what String.prototype.trim removes. */
static int js_space(uint16_t c) {
  switch (c) {
    case 0x09: case 0x0a: case 0x0b: case 0x0c: case 0x0d: case 0x20: case 0xa0: case 0x1680:
    case 0x2028: case 0x2029: case 0x202f: case 0x205f: case 0x3000: case 0xfeff:
      return 1;
    default:
      return c >= 0x2000 && c <= 0x200a;
  }
}

static int only_space(const uint16_t *text, uint32_t start, uint32_t end) {
  for (uint32_t i = start; i < end; i++) if (!js_space(text[i])) return 0;
  return 1;
}

static uint32_t fnv1a(const uint16_t *text, uint32_t start, uint32_t end) {
  uint32_t hash = FNV_OFFSET;
  for (uint32_t i = start; i < end; i++) {
    hash ^= text[i];
    hash *= FNV_PRIME;
  }
  return hash;
}

static uint32_t slot_of(uint32_t hash, uint32_t mask) { return (hash * 0x9e3779b1u) & mask; }

static int grow_slots(Tokenizer *t) {
  uint32_t capacity = (t->mask + 1) * 2;
  uint32_t *slots = calloc(capacity, sizeof(uint32_t));
  if (!slots) return -1;
  free(t->slots);
  t->slots = slots;
  t->mask = capacity - 1;
  for (uint32_t id = 0; id < t->distinct; id++) {
    uint32_t slot = slot_of((uint32_t)t->hashes[id], t->mask);
    while (slots[slot] != 0) slot = (slot + 1) & t->mask;
    slots[slot] = id + 1;
  }
  return 0;
}

static int grow_distinct(Tokenizer *t) {
  uint32_t capacity = t->distinct_capacity * 2;
  int32_t *hashes = realloc(t->hashes, capacity * sizeof(int32_t));
  if (hashes) t->hashes = hashes;
  uint32_t *starts = realloc(t->starts, capacity * sizeof(uint32_t));
  if (starts) t->starts = starts;
  uint32_t *lengths = realloc(t->lengths, capacity * sizeof(uint32_t));
  if (lengths) t->lengths = lengths;
  if (!hashes || !starts || !lengths) return -1;
  t->distinct_capacity = capacity;
  return 0;
}

/* The id of text[start, end), its code in *code; -1 when out of memory. */
static int64_t intern(Tokenizer *t, uint32_t start, uint32_t end, int32_t *code) {
  uint32_t hash = fnv1a(t->text, start, end);
  uint32_t length = end - start;
  for (uint32_t slot = slot_of(hash, t->mask);; slot = (slot + 1) & t->mask) {
    uint32_t held = t->slots[slot];
    if (held == 0) break;
    uint32_t id = held - 1;
    if ((uint32_t)t->hashes[id] == hash && t->lengths[id] == length &&
        memcmp(t->text + t->starts[id], t->text + start, (size_t)length * sizeof(uint16_t)) == 0) {
      uint32_t c = hash >> 1;
      *code = (int32_t)(c ? c : 1);
      return id;
    }
  }
  if (t->distinct == t->distinct_capacity && grow_distinct(t) != 0) return -1;
  uint32_t id = t->distinct++;
  t->hashes[id] = (int32_t)hash;
  t->starts[id] = start;
  t->lengths[id] = length;
  if (t->distinct * 2 > t->mask + 1) {
    if (grow_slots(t) != 0) return -1;
  } else {
    uint32_t slot = slot_of(hash, t->mask);
    while (t->slots[slot] != 0) slot = (slot + 1) & t->mask;
    t->slots[slot] = id + 1;
  }
  uint32_t c = hash >> 1;
  *code = (int32_t)(c ? c : 1);
  return id;
}

static uint32_t row_from(const Tokenizer *t, uint32_t row, uint32_t index) {
  while (row + 1 < t->line_count && t->line_starts[row + 1] <= index) row++;
  return row;
}

static int record(Tokenizer *t, uint32_t start, uint32_t end, uint8_t role) {
  if (end <= start) return 0; /* zero-width nodes: recovered (missing) tokens */
  if ((role & ROLE_JSX_TEXT) && only_space(t->text, start, end)) return 0;
  int32_t code;
  int64_t id = intern(t, start, end, &code);
  if (id < 0) return -1;
  t->row = row_from(t, t->row, start);
  uint32_t from = t->row;
  uint32_t to = row_from(t, from, end);
  uint32_t n = t->count++;
  t->ids[n] = (int32_t)id;
  t->codes[n] = code;
  t->kinds[n] = (role & ROLE_LITERAL) ? KIND_LITERAL : (role & ROLE_IDENTIFIER) ? KIND_IDENTIFIER : KIND_OTHER;
  t->start_lines[n] = (int32_t)from + 1;
  t->end_lines[n] = (int32_t)to + 1;
  t->start_columns[n] = (int32_t)(start - t->line_starts[from]) + 1;
  int32_t end_column = (int32_t)(end - t->line_starts[to]);
  t->end_columns[n] = end_column < 1 ? 1 : end_column;
  return 0;
}

/* The first node after node i's subtree: the first later node whose parent precedes i (parent + 1 <= i). */
static uint32_t subtree_end(const uint32_t *nodes, uint32_t i, uint32_t count) {
  uint32_t j = i + 1;
  while (j < count && nodes[(size_t)j * 4 + 3] > i) j++;
  return j;
}

static int has_child_of_role(const uint32_t *nodes, const uint8_t *roles, uint32_t i, uint32_t count, uint8_t role) {
  for (uint32_t j = i + 1; j < count && nodes[(size_t)j * 4 + 3] > i; j++) {
    if (nodes[(size_t)j * 4 + 3] == i + 1 && (roles[nodes[(size_t)j * 4] & 0xffff] & role)) return 1;
  }
  return 0;
}

static void release(Tokenizer *t) {
  free(t->ids); free(t->codes); free(t->start_lines); free(t->end_lines); free(t->start_columns);
  free(t->end_columns); free(t->kinds); free(t->hashes); free(t->starts); free(t->lengths); free(t->slots);
  free(t->line_starts);
}

static int setup(Tokenizer *t, uint32_t count) {
  size_t n = count ? count : 1;
  t->ids = malloc(n * sizeof(int32_t));
  t->codes = malloc(n * sizeof(int32_t));
  t->start_lines = malloc(n * sizeof(int32_t));
  t->end_lines = malloc(n * sizeof(int32_t));
  t->start_columns = malloc(n * sizeof(int32_t));
  t->end_columns = malloc(n * sizeof(int32_t));
  t->kinds = malloc(n);
  /* About one distinct text per 30 characters of source. */
  uint32_t capacity = 256;
  while (capacity < (uint32_t)(t->length >> 5) * 2 && capacity < (1u << 30)) capacity *= 2;
  t->distinct_capacity = capacity / 2 > 64 ? capacity / 2 : 64;
  t->hashes = malloc(t->distinct_capacity * sizeof(int32_t));
  t->starts = malloc(t->distinct_capacity * sizeof(uint32_t));
  t->lengths = malloc(t->distinct_capacity * sizeof(uint32_t));
  t->slots = calloc(capacity, sizeof(uint32_t));
  t->mask = capacity - 1;
  t->line_count = 1;
  for (size_t i = 0; i < t->length; i++) if (t->text[i] == '\n') t->line_count++;
  t->line_starts = malloc((size_t)t->line_count * sizeof(uint32_t));
  if (!t->ids || !t->codes || !t->start_lines || !t->end_lines || !t->start_columns || !t->end_columns || !t->kinds ||
      !t->hashes || !t->starts || !t->lengths || !t->slots || !t->line_starts)
    return -1;
  uint32_t line = 0;
  t->line_starts[line++] = 0;
  for (size_t i = 0; i < t->length; i++) if (t->text[i] == '\n') t->line_starts[line++] = (uint32_t)i + 1;
  return 0;
}

static int walk(Tokenizer *t, const uint32_t *nodes, uint32_t count, const uint8_t *roles) {
  for (uint32_t i = 0; i < count;) {
    const uint32_t *w = nodes + (size_t)i * 4;
    uint8_t role = roles[w[0] & 0xffff];
    if (role & ROLE_SKIPPED) {
      i = subtree_end(nodes, i, count);
      continue;
    }
    /* Node i has children when the next node's parent is i (stored as i + 1). */
    int has_children = i + 1 < count && w[7] == i + 1;
    if (role & ROLE_LITERAL) {
      /* A template string with substitutions holds code: descend into it instead of taking it whole. */
      if ((role & ROLE_TEMPLATE) && has_child_of_role(nodes, roles, i, count, ROLE_SUBSTITUTION)) {
        i++;
        continue;
      }
    } else if (has_children) {
      i++;
      continue;
    }
    if (record(t, w[1], w[2], role) != 0) return -1;
    i = has_children ? subtree_end(nodes, i, count) : i + 1;
  }
  return 0;
}

int flat_tokens(const uint32_t *nodes, uint32_t count, const uint16_t *text, size_t length, const uint8_t *roles, FlatTokens *out) {
  Tokenizer t;
  memset(&t, 0, sizeof t);
  t.text = text;
  t.length = length;
  if (setup(&t, count) != 0 || walk(&t, nodes, count, roles) != 0) {
    release(&t);
    return -1;
  }
  uint32_t n = t.count;
  uint8_t *columns = malloc(n ? (size_t)n * 25 : 1);
  int32_t *spans = malloc(t.distinct ? (size_t)t.distinct * 2 * sizeof(int32_t) : sizeof(int32_t));
  if (!columns || !spans) {
    free(columns);
    free(spans);
    release(&t);
    return -1;
  }
  const int32_t *from[6] = {t.ids, t.codes, t.start_lines, t.end_lines, t.start_columns, t.end_columns};
  for (int c = 0; c < 6; c++) memcpy(columns + (size_t)c * n * 4, from[c], (size_t)n * 4);
  memcpy(columns + (size_t)n * 24, t.kinds, n);
  for (uint32_t id = 0; id < t.distinct; id++) {
    spans[id * 2] = (int32_t)t.starts[id];
    spans[id * 2 + 1] = (int32_t)t.lengths[id];
  }
  out->columns = columns;
  out->count = n;
  out->spans = spans;
  out->distinct = t.distinct;
  out->lines = length == 0 ? 0 : text[length - 1] == '\n' ? t.line_count - 1 : t.line_count;
  release(&t);
  return 0;
}
