/*
 * The complexity metrics of one parsed file, measured from its flat tree on the parse thread: each
 * unit's (function, class field initializer, class static block) cyclomatic and cognitive complexity
 * and nesting depth, the file's top-level decisions, Halstead counts and code rows. Which node types
 * mean what comes from JavaScript as tables (core/parsing/metric-roles.ts); names, head locations and
 * parameter counts of the units stay in JavaScript, which reads the units' nodes from the plain tree.
 *
 * This is the walk of capabilities/analysis/complexity/metrics-walker.ts, step for step: the same
 * work list of nodes, unit openings, exits and nesting-level changes, the same rules
 * (cyclomatic.ts, cognitive.ts, nesting.ts, function-units.ts, halstead.ts, code-rows.ts). That walk
 * stays for parses made without the addon's metrics; test/capabilities/analysis/complexity/
 * addon-metrics.test.ts holds both to the same metrics.
 */
#include "flat-metrics.h"

#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX
#define FNV_OFFSET 0x811c9dc5u
#define FNV_PRIME 0x01000193u

enum { KIND_NONE = 0, KIND_FUNCTION = 1, KIND_FIELD = 2, KIND_STATIC_BLOCK = 3 };
/* Work list entries: a task kind in the top byte, flags in the next, a node index in the low 32 bits. */
/* T_OPEN: a method's unit opened after the children that belong outside it (its flags: the unit's kind
   in KIND_MASK, X_FIELD); T_OPERATOR: a logical operator's slot, in operator_runs' own walk. */
enum { T_ENTER = 1, T_OPEN = 2, T_EXIT = 3, T_LEVEL_UP = 4, T_LEVEL_DOWN = 5, T_OPERATOR = 6 };
enum { X_DEPTH = 1, X_UNIT = 2, X_FIELD = 4 };
#define KIND_MASK 3

#define CYCLOMATIC_MAYBE (M_BINARY | M_LOGICAL_ASSIGNMENT | M_PARAMETER | M_CHAINABLE)
#define COGNITIVE_MAYBE (M_COGNITIVE_STRUCTURE | M_ELSE_CLAUSE | M_JUMP | M_BINARY)
#define UNIT_ROLES (M_STATIC_BLOCK | M_FUNCTION_TYPE | M_ARROW)
#define MEASURED (M_CYCLOMATIC_ALWAYS | CYCLOMATIC_MAYBE | COGNITIVE_MAYBE | M_CALL)
#define SPECIAL (UNIT_ROLES | MEASURED | M_DEPTH_BLOCK | M_NESTED_FIELDS | M_ELSE_CLAUSE | M_ATOMIC_OPERAND)

typedef struct {
  uint32_t out;   /* the unit's first word in the output */
  uint32_t self_start, self_length;
  int has_self;
  int32_t depth, base;
} Unit;

typedef struct {
  const uint32_t *nodes;
  uint32_t count;
  const uint16_t *text;
  size_t length;
  const MetricTables *t;
  uint32_t *first_child, *next_sibling, *last_child, *prev_sibling;
  /* Work list */
  uint64_t *work;
  size_t work_length, work_capacity;
  /* Open units */
  Unit *stack;
  uint32_t stack_length, stack_capacity;
  int32_t level;
  uint32_t named_units;
  /* Output: 7 header words, then 5 per unit */
  int32_t *out;
  uint32_t out_length, out_capacity;
  int32_t top_level;
  /* Halstead */
  uint8_t *operator_seen; /* 65536 */
  uint32_t operators_distinct, operators_total, operands_total;
  uint32_t *operand_starts, *operand_lengths, *operand_hashes, operands_distinct, operand_capacity;
  uint32_t *slots;
  uint32_t mask;
  /* Code rows */
  uint32_t *line_starts;
  uint32_t line_count;
  uint8_t *marked;
  uint32_t row, code_rows;
  int failed;
} Walk;

static inline uint32_t type_of(const Walk *w, uint32_t i) { return w->nodes[(size_t)i * 4] & 0xffff; }
static inline uint32_t field_of(const Walk *w, uint32_t i) { return w->nodes[(size_t)i * 4] >> 16; }
static inline uint32_t start_of(const Walk *w, uint32_t i) { return w->nodes[(size_t)i * 4 + 1]; }
static inline uint32_t end_of(const Walk *w, uint32_t i) { return w->nodes[(size_t)i * 4 + 2]; }
static inline uint32_t parent_of(const Walk *w, uint32_t i) { return i == 0 ? NONE : w->nodes[(size_t)i * 4 + 3] - 1; }
static inline uint32_t role_of(const Walk *w, uint32_t i) { return w->t->roles[type_of(w, i)]; }

static uint32_t field_child(const Walk *w, uint32_t i, int field) {
  uint32_t id = w->t->fields[field];
  if (id == 0xffff) return NONE;
  for (uint32_t c = w->first_child[i]; c != NONE; c = w->next_sibling[c]) if (field_of(w, c) == id) return c;
  return NONE;
}

static int has_child_role(const Walk *w, uint32_t i, uint32_t role) {
  for (uint32_t c = w->first_child[i]; c != NONE; c = w->next_sibling[c]) if (role_of(w, c) & role) return 1;
  return 0;
}

/* The first named child that is not a comment (node-helpers.ts's firstNamedChild). */
static uint32_t first_named_child(const Walk *w, uint32_t i) {
  for (uint32_t c = w->first_child[i]; c != NONE; c = w->next_sibling[c]) {
    uint32_t r = role_of(w, c);
    if ((r & M_NAMED) && !(r & M_COMMENT)) return c;
  }
  return NONE;
}

/* The parent as ESTree sees it: parentheses are not nodes there. */
static uint32_t logical_parent(const Walk *w, uint32_t i) {
  uint32_t p = parent_of(w, i);
  while (p != NONE && (role_of(w, p) & M_PARENTHESIZED)) p = parent_of(w, p);
  return p;
}

/* The operator child of a binary expression with &&, || or ??, or NONE. */
static uint32_t logical_operator(const Walk *w, uint32_t i) {
  if (!(role_of(w, i) & M_BINARY)) return NONE;
  uint32_t op = field_child(w, i, F_OPERATOR);
  return op != NONE && (role_of(w, op) & M_LOGICAL_OPERATOR) ? op : NONE;
}

static int same_text(const Walk *w, uint32_t a, uint32_t a_length, uint32_t b, uint32_t b_length) {
  return a_length == b_length && memcmp(w->text + a, w->text + b, (size_t)a_length * sizeof(uint16_t)) == 0;
}

static void push_task(Walk *w, uint64_t kind, uint64_t flags, uint32_t node) {
  if (w->work_length == w->work_capacity) {
    size_t capacity = w->work_capacity * 2;
    uint64_t *grown = realloc(w->work, capacity * sizeof(uint64_t));
    if (!grown) { w->failed = 1; return; }
    w->work = grown;
    w->work_capacity = capacity;
  }
  w->work[w->work_length++] = kind << 56 | flags << 32 | node;
}

/* Halstead: one more operand, distinct by its text. */
static void operand(Walk *w, uint32_t start, uint32_t end) {
  w->operands_total++;
  uint32_t length = end > start ? end - start : 0;
  uint32_t hash = FNV_OFFSET;
  for (uint32_t k = start; k < start + length; k++) { hash ^= w->text[k]; hash *= FNV_PRIME; }
  uint32_t slot = (hash * 0x9e3779b1u) & w->mask;
  for (;; slot = (slot + 1) & w->mask) {
    uint32_t held = w->slots[slot];
    if (held == 0) break;
    uint32_t id = held - 1;
    if (w->operand_hashes[id] == hash && same_text(w, w->operand_starts[id], w->operand_lengths[id], start, length)) return;
  }
  if (w->operands_distinct == w->operand_capacity) {
    uint32_t capacity = w->operand_capacity * 2;
    uint32_t *starts = realloc(w->operand_starts, capacity * sizeof(uint32_t));
    if (starts) w->operand_starts = starts;
    uint32_t *lengths = realloc(w->operand_lengths, capacity * sizeof(uint32_t));
    if (lengths) w->operand_lengths = lengths;
    uint32_t *hashes = realloc(w->operand_hashes, capacity * sizeof(uint32_t));
    if (hashes) w->operand_hashes = hashes;
    if (!starts || !lengths || !hashes) { w->failed = 1; return; }
    w->operand_capacity = capacity;
  }
  uint32_t id = w->operands_distinct++;
  w->operand_starts[id] = start;
  w->operand_lengths[id] = length;
  w->operand_hashes[id] = hash;
  if (w->operands_distinct * 2 > w->mask + 1) {
    uint32_t capacity = (w->mask + 1) * 2;
    uint32_t *slots = calloc(capacity, sizeof(uint32_t));
    if (!slots) { w->failed = 1; return; }
    free(w->slots);
    w->slots = slots;
    w->mask = capacity - 1;
    for (uint32_t k = 0; k < w->operands_distinct; k++) {
      uint32_t s = (w->operand_hashes[k] * 0x9e3779b1u) & w->mask;
      while (slots[s] != 0) s = (s + 1) & w->mask;
      slots[s] = k + 1;
    }
  } else {
    w->slots[slot] = id + 1;
  }
}

static void operator(Walk *w, uint32_t type) {
  uint16_t slot = w->t->slots[type];
  if (!w->operator_seen[slot]) {
    w->operator_seen[slot] = 1;
    w->operators_distinct++;
  }
  w->operators_total++;
}

/* Marks every row from the one holding `start` to the one holding `end` (code-rows.ts). */
static void mark(Walk *w, uint32_t start, uint32_t end) {
  uint32_t last = w->line_count - 1, row = w->row;
  while (row > 0 && w->line_starts[row] > start) row--;
  while (row < last && w->line_starts[row + 1] <= start) row++;
  w->row = row;
  for (;;) {
    if (!w->marked[row]) {
      w->marked[row] = 1;
      w->code_rows++;
    }
    if (row == last || w->line_starts[row + 1] > end) return;
    row++;
  }
}

/* A leaf: a Halstead operand or operator (unless ignored); its rows hold code unless it is a comment. */
static void token(Walk *w, uint32_t i, uint32_t r) {
  if (!(r & M_IGNORED_TOKEN)) {
    if (r & M_OPERAND) operand(w, start_of(w, i), end_of(w, i));
    else operator(w, type_of(w, i));
  }
  if (!(r & M_COMMENT)) mark(w, start_of(w, i), end_of(w, i));
}

static int32_t *unit_words(Walk *w, const Unit *u) { return w->out + u->out; }

/* `function foo` -> foo; `const foo = () => ...` -> foo; otherwise none (metrics-walker.ts's selfName). */
static void self_name(const Walk *w, uint32_t fn, Unit *u) {
  uint32_t own = field_child(w, fn, F_NAME);
  if (own != NONE && !(role_of(w, fn) & M_METHOD)) {
    u->has_self = 1;
    u->self_start = start_of(w, own);
    u->self_length = end_of(w, own) - start_of(w, own);
    return;
  }
  uint32_t parent = logical_parent(w, fn);
  if (parent != NONE && (role_of(w, parent) & M_VARIABLE_DECLARATOR)) {
    uint32_t binding = field_child(w, parent, F_NAME);
    if (binding != NONE && (role_of(w, binding) & M_IDENTIFIER)) {
      u->has_self = 1;
      u->self_start = start_of(w, binding);
      u->self_length = end_of(w, binding) - start_of(w, binding);
    }
  }
}

static int push_unit(Walk *w, uint32_t i, int kind) {
  if (w->out_length + 5 > w->out_capacity) {
    uint32_t capacity = w->out_capacity * 2;
    int32_t *grown = realloc(w->out, capacity * sizeof(int32_t));
    if (!grown) { w->failed = 1; return 0; }
    w->out = grown;
    w->out_capacity = capacity;
  }
  if (w->stack_length == w->stack_capacity) {
    uint32_t capacity = w->stack_capacity * 2;
    Unit *grown = realloc(w->stack, capacity * sizeof(Unit));
    if (!grown) { w->failed = 1; return 0; }
    w->stack = grown;
    w->stack_capacity = capacity;
  }
  int32_t *words = w->out + w->out_length;
  words[0] = (int32_t)i;
  words[1] = kind;
  words[2] = 1; /* cyclomatic */
  words[3] = 0; /* cognitive */
  words[4] = 0; /* nesting */
  /* Every enclosing unit sees the nested one as one level deeper. */
  w->level++;
  Unit *u = &w->stack[w->stack_length++];
  memset(u, 0, sizeof *u);
  u->out = w->out_length;
  u->base = w->level;
  if (kind == KIND_FUNCTION) self_name(w, i, u);
  if (u->has_self) w->named_units++;
  w->out_length += 5;
  return 1;
}

static void pop_unit(Walk *w) {
  if (w->stack[--w->stack_length].has_self) w->named_units--;
  w->level--;
}

static int is_field_initializer(const Walk *w, uint32_t i) {
  uint32_t p = parent_of(w, i);
  return field_of(w, i) == w->t->fields[F_VALUE] && p != NONE && (role_of(w, p) & M_FIELD_DEFINITION) && !has_child_role(w, p, M_ACCESSOR);
}

static int unit_kind(const Walk *w, uint32_t i, uint32_t r) {
  if (r & M_STATIC_BLOCK) return KIND_STATIC_BLOCK;
  if (((r & M_FUNCTION_TYPE) && has_child_role(w, i, M_STATEMENT_BLOCK)) || (r & M_ARROW)) return KIND_FUNCTION;
  return KIND_NONE;
}

static int belongs_outside_method(const Walk *w, uint32_t c) {
  return field_of(w, c) == w->t->fields[F_NAME] || (role_of(w, c) & M_DECORATOR);
}

static int is_else_if(const Walk *w, uint32_t i) {
  uint32_t p = parent_of(w, i);
  return (role_of(w, i) & M_IF_STATEMENT) && p != NONE && (role_of(w, p) & M_ELSE_CLAUSE);
}

static int is_nested_child(const Walk *w, uint32_t parent, uint32_t child) {
  uint32_t r = role_of(w, parent);
  if (r & M_ELSE_CLAUSE) {
    uint32_t c = role_of(w, child);
    return (c & M_NAMED) && !(c & M_IF_STATEMENT) && !(c & M_COMMENT);
  }
  uint32_t field = field_of(w, child);
  if (field == 0) return 0;
  uint32_t pair = type_of(w, parent) << 16 | field;
  for (uint32_t k = 0; k < w->t->nested_count; k++) if (w->t->nested[k] == pair) return 1;
  return 0;
}

static int is_logical_operand(const Walk *w, uint32_t i) {
  uint32_t p = logical_parent(w, i);
  return p != NONE && logical_operator(w, p) != NONE;
}

/* Runs of like operators in a sequence of logical operators (cognitive.ts's operatorRuns). */
static uint32_t operator_runs(Walk *w, uint32_t root) {
  size_t base = w->work_length;
  uint32_t runs = 0;
  int32_t previous = -1;
  push_task(w, T_ENTER, 0, root);
  while (w->work_length > base && !w->failed) {
    uint64_t item = w->work[--w->work_length];
    uint32_t value = (uint32_t)item;
    if ((item >> 56) == T_OPERATOR) {
      if ((int32_t)value != previous) runs++;
      previous = (int32_t)value;
      continue;
    }
    uint32_t inner = value;
    while (inner != NONE && (role_of(w, inner) & M_PARENTHESIZED)) inner = first_named_child(w, inner);
    uint32_t op = inner != NONE ? logical_operator(w, inner) : NONE;
    if (op == NONE) continue;
    push_task(w, T_ENTER, 0, field_child(w, inner, F_RIGHT));
    push_task(w, T_OPERATOR, 0, w->t->slots[type_of(w, op)]);
    push_task(w, T_ENTER, 0, field_child(w, inner, F_LEFT));
  }
  w->work_length = base;
  return runs;
}

static void add_cognitive(Walk *w, int32_t amount, int nested) {
  for (uint32_t k = 0; k < w->stack_length; k++) {
    Unit *u = &w->stack[k];
    unit_words(w, u)[3] += amount + (nested ? w->level - u->base : 0);
  }
}

static void measure_binary(Walk *w, uint32_t i) {
  if (logical_operator(w, i) == NONE) return;
  if (w->stack_length == 0) {
    w->top_level += 1;
    return;
  }
  unit_words(w, &w->stack[w->stack_length - 1])[2] += 1;
  if (is_logical_operand(w, i)) return;
  add_cognitive(w, (int32_t)operator_runs(w, i), 0);
}

static int32_t cyclomatic_increment(const Walk *w, uint32_t i, uint32_t r) {
  if (r & M_LOGICAL_ASSIGNMENT) {
    uint32_t op = field_child(w, i, F_OPERATOR);
    return op != NONE && (role_of(w, op) & M_LOGICAL_ASSIGNMENT_OPERATOR) ? 1 : 0;
  }
  if (r & M_PARAMETER) return field_child(w, i, F_VALUE) != NONE ? 1 : 0;
  if (r & M_CHAINABLE) return has_child_role(w, i, M_OPTIONAL_CHAIN) ? 1 : 0;
  return 0;
}

static int is_recursive_call(const Walk *w, uint32_t call) {
  uint32_t callee = field_child(w, call, F_FUNCTION);
  if (callee == NONE || !(role_of(w, callee) & M_IDENTIFIER)) return 0;
  uint32_t start = start_of(w, callee), length = end_of(w, callee) - start;
  for (uint32_t k = 0; k < w->stack_length; k++) {
    const Unit *u = &w->stack[k];
    if (u->has_self && same_text(w, u->self_start, u->self_length, start, length)) return 1;
  }
  return 0;
}

static void measure(Walk *w, uint32_t i, uint32_t r) {
  if (r & M_BINARY) {
    measure_binary(w, i);
    return;
  }
  int32_t decisions = (r & M_CYCLOMATIC_ALWAYS) ? 1 : (r & CYCLOMATIC_MAYBE) ? cyclomatic_increment(w, i, r) : 0;
  if (decisions) {
    if (w->stack_length > 0) unit_words(w, &w->stack[w->stack_length - 1])[2] += decisions;
    else w->top_level += decisions;
  }
  if (w->stack_length == 0) return;
  if (r & COGNITIVE_MAYBE) {
    if (r & M_COGNITIVE_STRUCTURE) {
      add_cognitive(w, 1, !is_else_if(w, i));
    } else if (r & M_ELSE_CLAUSE) {
      uint32_t body = first_named_child(w, i);
      if (body == NONE || !(role_of(w, body) & M_IF_STATEMENT)) add_cognitive(w, 1, 0);
    } else if ((r & M_JUMP) && field_child(w, i, F_LABEL) != NONE) {
      add_cognitive(w, 1, 0);
    }
  }
  if ((r & M_CALL) && w->named_units > 0 && is_recursive_call(w, i)) add_cognitive(w, 1, 0);
}

static void open_depth(Walk *w) {
  Unit *u = &w->stack[w->stack_length - 1];
  int32_t *words = unit_words(w, u);
  u->depth++;
  if (u->depth > words[4]) words[4] = u->depth;
}

static void open_unit(Walk *w, uint32_t i, int kind, int outside_first, int field_unit) {
  uint32_t r = role_of(w, i);
  int unit = kind != KIND_NONE && push_unit(w, i, kind);
  if (r & MEASURED) measure(w, i, r);
  if (r & M_ATOMIC_OPERAND) {
    operand(w, start_of(w, i), end_of(w, i));
    mark(w, start_of(w, i), end_of(w, i));
  } else if (w->first_child[i] == NONE) {
    token(w, i, r);
  }
  int depth_opened = (r & M_DEPTH_BLOCK) && w->stack_length > 0 && !is_else_if(w, i);
  if (depth_opened) open_depth(w);
  push_task(w, T_EXIT, (depth_opened ? X_DEPTH : 0) | (unit ? X_UNIT : 0) | (field_unit ? X_FIELD : 0), i);
  int nesting = (r & (M_NESTED_FIELDS | M_ELSE_CLAUSE)) != 0;
  for (uint32_t c = w->last_child[i]; c != NONE; c = w->prev_sibling[c]) {
    if (outside_first && belongs_outside_method(w, c)) continue;
    if (nesting && is_nested_child(w, i, c)) {
      push_task(w, T_LEVEL_DOWN, 0, 0);
      push_task(w, T_ENTER, 0, c);
      push_task(w, T_LEVEL_UP, 0, 0);
    } else {
      push_task(w, T_ENTER, 0, c);
    }
  }
}

static void enter_measured(Walk *w, uint32_t i, uint32_t r, int field_initializer) {
  int field_unit = field_initializer && push_unit(w, i, KIND_FIELD);
  int kind = (r & UNIT_ROLES) ? unit_kind(w, i, r) : KIND_NONE;
  int outside_first = kind == KIND_FUNCTION && (r & M_METHOD);
  if (!outside_first) {
    open_unit(w, i, kind, 0, field_unit);
    return;
  }
  push_task(w, T_OPEN, (uint64_t)kind | (field_unit ? X_FIELD : 0), i);
  for (uint32_t c = w->last_child[i]; c != NONE; c = w->prev_sibling[c])
    if (belongs_outside_method(w, c)) push_task(w, T_ENTER, 0, c);
}

static void enter(Walk *w, uint32_t i) {
  uint32_t r = role_of(w, i);
  int field_unit = field_of(w, i) == w->t->fields[F_VALUE] && is_field_initializer(w, i);
  if ((r & SPECIAL) || field_unit) {
    enter_measured(w, i, r, field_unit);
    return;
  }
  if (w->first_child[i] == NONE) {
    token(w, i, r);
    return;
  }
  for (uint32_t c = w->last_child[i]; c != NONE; c = w->prev_sibling[c]) push_task(w, T_ENTER, 0, c);
}

static void exit_frame(Walk *w, uint32_t flags) {
  if (flags & X_DEPTH) w->stack[w->stack_length - 1].depth--;
  if (flags & X_UNIT) pop_unit(w);
  if (flags & X_FIELD) pop_unit(w);
}

static void release(Walk *w) {
  free(w->first_child); free(w->next_sibling); free(w->last_child); free(w->prev_sibling);
  free(w->work); free(w->stack); free(w->operator_seen); free(w->operand_starts); free(w->operand_lengths);
  free(w->operand_hashes); free(w->slots); free(w->line_starts); free(w->marked);
}

static int setup(Walk *w) {
  size_t n = w->count ? w->count : 1;
  w->first_child = malloc(n * sizeof(uint32_t));
  w->next_sibling = malloc(n * sizeof(uint32_t));
  w->last_child = malloc(n * sizeof(uint32_t));
  w->prev_sibling = malloc(n * sizeof(uint32_t));
  w->work_capacity = 256;
  w->work = malloc(w->work_capacity * sizeof(uint64_t));
  w->stack_capacity = 16;
  w->stack = malloc(w->stack_capacity * sizeof(Unit));
  w->out_capacity = 7 + 5 * 16;
  w->out = malloc(w->out_capacity * sizeof(int32_t));
  w->operator_seen = calloc(65536, 1);
  w->operand_capacity = 64;
  w->operand_starts = malloc(w->operand_capacity * sizeof(uint32_t));
  w->operand_lengths = malloc(w->operand_capacity * sizeof(uint32_t));
  w->operand_hashes = malloc(w->operand_capacity * sizeof(uint32_t));
  w->mask = 255;
  w->slots = calloc(w->mask + 1, sizeof(uint32_t));
  w->line_count = 1;
  for (size_t k = 0; k < w->length; k++) if (w->text[k] == '\n') w->line_count++;
  w->line_starts = malloc((size_t)w->line_count * sizeof(uint32_t));
  w->marked = calloc(w->line_count, 1);
  if (!w->first_child || !w->next_sibling || !w->last_child || !w->prev_sibling || !w->work || !w->stack || !w->out ||
      !w->operator_seen || !w->operand_starts || !w->operand_lengths || !w->operand_hashes || !w->slots || !w->line_starts ||
      !w->marked)
    return -1;
  uint32_t line = 0;
  w->line_starts[line++] = 0;
  for (size_t k = 0; k < w->length; k++) if (w->text[k] == '\n') w->line_starts[line++] = (uint32_t)k + 1;
  for (uint32_t i = 0; i < w->count; i++) w->first_child[i] = w->next_sibling[i] = w->last_child[i] = w->prev_sibling[i] = NONE;
  /* Pre-order: each node's children come in source order after it. */
  for (uint32_t i = 1; i < w->count; i++) {
    uint32_t p = w->nodes[(size_t)i * 4 + 3] - 1;
    if (w->last_child[p] == NONE) w->first_child[p] = i;
    else {
      w->next_sibling[w->last_child[p]] = i;
      w->prev_sibling[i] = w->last_child[p];
    }
    w->last_child[p] = i;
  }
  w->out_length = 7;
  return 0;
}

int flat_metrics(const uint32_t *nodes, uint32_t count, const uint16_t *text, size_t length, const MetricTables *tables,
                 int32_t **out, uint32_t *out_length) {
  Walk w;
  memset(&w, 0, sizeof w);
  w.nodes = nodes;
  w.count = count;
  w.text = text;
  w.length = length;
  w.t = tables;
  if (count == 0 || setup(&w) != 0) {
    free(w.out);
    release(&w);
    return -1;
  }
  push_task(&w, T_ENTER, 0, 0);
  while (w.work_length > 0 && !w.failed) {
    uint64_t task = w.work[--w.work_length];
    uint32_t node = (uint32_t)task;
    uint32_t flags = (uint32_t)(task >> 32) & 0xffffff;
    switch (task >> 56) {
      case T_ENTER: if (node != NONE) enter(&w, node); break;
      case T_OPEN: open_unit(&w, node, (int)(flags & KIND_MASK), 1, (flags & X_FIELD) != 0); break;
      case T_EXIT: exit_frame(&w, flags); break;
      case T_LEVEL_UP: w.level++; break;
      case T_LEVEL_DOWN: w.level--; break;
    }
  }
  if (w.failed) {
    free(w.out);
    release(&w);
    return -1;
  }
  w.out[0] = w.top_level;
  w.out[1] = (int32_t)w.operators_distinct;
  w.out[2] = (int32_t)w.operands_distinct;
  w.out[3] = (int32_t)w.operators_total;
  w.out[4] = (int32_t)w.operands_total;
  w.out[5] = (int32_t)w.code_rows;
  w.out[6] = (int32_t)w.line_count;
  *out = w.out;
  *out_length = w.out_length;
  release(&w);
  return 0;
}
