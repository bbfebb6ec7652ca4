/*
 * agentd's flat-tree addon: parses a source text with a tree-sitter grammar and returns the whole
 * syntax tree as one Uint32Array (4 words per node, pre-order), so JavaScript builds its plain tree
 * without one native call per node property. Parses go into a queue of this JavaScript environment,
 * drained by a few threads of the addon's own (setParallelism), each parsing one file after another
 * without waiting for the main thread; each result is handed back through a thread-safe function.
 * Before this queue every file was one async work on libuv's pool, and the next parse could start
 * only once the main thread had seen the last one finish: while the main thread was busy (loading
 * modules, building trees) the parse threads sat idle for half of a scan's parse phase. The threads
 * are not libuv's: an exiting process or worker does not wait for the queue to drain (libuv joins its
 * pool at exit and a worker waits for its pool work), it drops what is queued.
 *
 * Node layout (words): [type | field << 16, start, end, parent + 1]; start/end are UTF-16 indexes
 * (the text is parsed as UTF-16, as the tree-sitter binding does), parent is 0 for the root.
 * The grammar comes from the grammar package's `language` External (tree-sitter-javascript,
 * tree-sitter-typescript); the tree-sitter runtime is compiled in from the tree-sitter package's
 * vendored sources (the same version the binding uses).
 *
 * A parse asked for `tokens`, of a grammar whose node roles were given (tokenRoles), also returns the
 * file's lexical tokens (flat-tokens.c), made on the same thread from the flat tree and the text.
 */
#include <node_api.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"
#include "flat-tokens.h"
#include "flat-metrics.h"
#include "clone-search.h"

#define CHECK(call) do { if ((call) != napi_ok) { napi_throw_error(env, NULL, "flat-tree: " #call " failed"); return NULL; } } while (0)

typedef struct ParseJob {
  struct ParseJob *next;
  napi_deferred deferred;
  const TSLanguage *language;
  uint16_t *text;
  size_t length;
  uint32_t *nodes;
  uint32_t count;
  int has_error;
  int failed;
  /* The grammar's node roles when the parse asked for tokens (NULL: no tokens). */
  const uint8_t *roles;
  int has_tokens;
  FlatTokens tokens;
  /* The grammar's metric tables when the parse asked for complexity metrics (NULL: none). */
  const MetricTables *metric_tables;
  int32_t *metrics;
  uint32_t metrics_length;
} ParseJob;

/* Node roles by grammar (tokenRoles): one byte per type id, never freed once given (parses read them). */
#define ROLE_TABLE_SIZE 65536
#define MAX_ROLE_TABLES 16
static struct { const void *language; uint8_t *roles; } role_tables[MAX_ROLE_TABLES];
static int role_table_count;
static pthread_mutex_t role_tables_lock = PTHREAD_MUTEX_INITIALIZER;

/* Metric tables by grammar (metricRoles): never freed once given (parses read them). */
static struct { const void *language; MetricTables *tables; } metric_tables[MAX_ROLE_TABLES];
static int metric_table_count;

static const MetricTables *metric_tables_of(const void *language) {
  const MetricTables *found = NULL;
  pthread_mutex_lock(&role_tables_lock);
  for (int i = 0; i < metric_table_count; i++) if (metric_tables[i].language == language) found = metric_tables[i].tables;
  pthread_mutex_unlock(&role_tables_lock);
  return found;
}

static const uint8_t *roles_of(const void *language) {
  const uint8_t *found = NULL;
  pthread_mutex_lock(&role_tables_lock);
  for (int i = 0; i < role_table_count; i++) if (role_tables[i].language == language) found = role_tables[i].roles;
  pthread_mutex_unlock(&role_tables_lock);
  return found;
}

/*
 * One environment's (the main thread's, or one worker thread's) parse queue. `lock` guards the job
 * list, `running` and `closing`, and is held while a result is handed to `deliver`; `pending` and the
 * thread-safe function's ref are only touched on the environment's own thread.
 */
typedef struct {
  pthread_mutex_t lock;
  pthread_cond_t stopped;
  ParseJob *head, *tail;
  int running;
  int parallelism;
  int closing;
  uint32_t pending;
  napi_threadsafe_function deliver;
} ParseQueue;

static void free_job(ParseJob *job) {
  free(job->text);
  free(job->nodes);
  if (job->has_tokens) {
    free(job->tokens.columns);
    free(job->tokens.spans);
  }
  free(job->metrics);
  free(job);
}

static uint32_t *flatten(TSTree *tree, uint32_t *out_count) {
  TSNode root = ts_tree_root_node(tree);
  uint32_t capacity = ts_node_descendant_count(root) + 1;
  uint32_t *nodes = malloc((size_t)capacity * 4 * sizeof(uint32_t));
  if (!nodes) return NULL;
  /* parents[depth] = index of the open node at that depth */
  uint32_t depth_capacity = 64, depth = 0, count = 0;
  uint32_t *open = malloc(depth_capacity * sizeof(uint32_t));
  if (!open) { free(nodes); return NULL; }
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  for (;;) {
    if (count == capacity) {
      capacity *= 2;
      uint32_t *grown = realloc(nodes, (size_t)capacity * 4 * sizeof(uint32_t));
      if (!grown) { free(nodes); free(open); ts_tree_cursor_delete(&cursor); return NULL; }
      nodes = grown;
    }
    TSNode node = ts_tree_cursor_current_node(&cursor);
    uint32_t *w = nodes + (size_t)count * 4;
    w[0] = (uint32_t)ts_node_symbol(node) | ((uint32_t)ts_tree_cursor_current_field_id(&cursor) << 16);
    w[1] = ts_node_start_byte(node) / 2;
    w[2] = ts_node_end_byte(node) / 2;
    w[3] = depth == 0 ? 0 : open[depth - 1] + 1;
    if (depth == depth_capacity) {
      depth_capacity *= 2;
      uint32_t *grown = realloc(open, depth_capacity * sizeof(uint32_t));
      if (!grown) { free(nodes); free(open); ts_tree_cursor_delete(&cursor); return NULL; }
      open = grown;
    }
    open[depth] = count;
    count++;
    if (ts_tree_cursor_goto_first_child(&cursor)) { depth++; continue; }
    for (;;) {
      if (ts_tree_cursor_goto_next_sibling(&cursor)) break;
      if (!ts_tree_cursor_goto_parent(&cursor)) { ts_tree_cursor_delete(&cursor); free(open); *out_count = count; return nodes; }
      depth--;
    }
  }
}

static void parse_job(ParseJob *job) {
  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, job->language)) { job->failed = 1; ts_parser_delete(parser); return; }
  TSTree *tree = ts_parser_parse_string_encoding(parser, NULL, (const char *)job->text, (uint32_t)(job->length * 2), TSInputEncodingUTF16);
  ts_parser_delete(parser);
  if (tree) {
    job->has_error = ts_node_has_error(ts_tree_root_node(tree));
    job->nodes = flatten(tree, &job->count);
    ts_tree_delete(tree);
  }
  if (!job->nodes) job->failed = 1;
  /* Out of memory for the tokens: the tree alone (JavaScript tokenises it as before). */
  else if (job->roles && flat_tokens(job->nodes, job->count, job->text, job->length, job->roles, &job->tokens) == 0) job->has_tokens = 1;
  /* Out of memory for the metrics: none (JavaScript measures the tree as before). */
  if (job->nodes && job->metric_tables &&
      flat_metrics(job->nodes, job->count, job->text, job->length, job->metric_tables, &job->metrics, &job->metrics_length) != 0)
    job->metrics = NULL;
  free(job->text);
  job->text = NULL;
}

/* One of the queue's threads: parses queued jobs until the queue is empty or the environment closes. */
static void *drain(void *data) {
  ParseQueue *queue = data;
  pthread_mutex_lock(&queue->lock);
  for (;;) {
    ParseJob *job = queue->closing ? NULL : queue->head;
    if (!job) break;
    queue->head = job->next;
    if (!queue->head) queue->tail = NULL;
    pthread_mutex_unlock(&queue->lock);
    parse_job(job);
    pthread_mutex_lock(&queue->lock);
    /* Under the lock: close_queue cannot release `deliver` between this check and the call. */
    if (queue->closing || napi_call_threadsafe_function(queue->deliver, job, napi_tsfn_nonblocking) != napi_ok) free_job(job);
  }
  queue->running--;
  pthread_cond_broadcast(&queue->stopped);
  pthread_mutex_unlock(&queue->lock);
  return NULL;
}

static void finalize_buffer(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  free(data);
}

/* An ArrayBuffer over `data` (malloc'd, freed with the buffer); a plain empty one for no bytes. */
static napi_status owned_buffer(napi_env env, void *data, size_t bytes, napi_value *out) {
  if (bytes == 0) {
    free(data);
    return napi_create_arraybuffer(env, 0, NULL, out);
  }
  napi_status status = napi_create_external_arraybuffer(env, data, bytes, finalize_buffer, NULL, out);
  if (status != napi_ok) free(data);
  return status;
}

/* { columns: ArrayBuffer, count, spans: Int32Array, lines } — FlatTokens in core/parsing/flat-parser.ts. */
static napi_status deliver_tokens(napi_env env, FlatTokens *tokens, napi_value *out) {
  napi_value columns, spans_buffer, spans, value;
  napi_status status = owned_buffer(env, tokens->columns, (size_t)tokens->count * 25, &columns);
  if (status != napi_ok) { free(tokens->spans); return status; }
  status = owned_buffer(env, tokens->spans, (size_t)tokens->distinct * 2 * sizeof(int32_t), &spans_buffer);
  if (status != napi_ok) return status;
  if ((status = napi_create_typedarray(env, napi_int32_array, (size_t)tokens->distinct * 2, spans_buffer, 0, &spans)) != napi_ok ||
      (status = napi_create_object(env, out)) != napi_ok)
    return status;
  napi_set_named_property(env, *out, "columns", columns);
  napi_create_uint32(env, tokens->count, &value);
  napi_set_named_property(env, *out, "count", value);
  napi_set_named_property(env, *out, "spans", spans);
  napi_create_uint32(env, tokens->lines, &value);
  napi_set_named_property(env, *out, "lines", value);
  return napi_ok;
}

/* On the environment's thread: settles one job's promise. env is NULL when the environment is going away. */
static void deliver(napi_env env, napi_value callback, void *context, void *data) {
  (void)callback;
  ParseQueue *queue = context;
  ParseJob *job = data;
  if (env == NULL) { free_job(job); return; }
  napi_value result, buffer, array, flag;
  if (job->failed) {
    napi_value message, error;
    napi_create_string_utf8(env, "tree-sitter could not parse the text", NAPI_AUTO_LENGTH, &message);
    napi_create_error(env, NULL, message, &error);
    napi_reject_deferred(env, job->deferred, error);
    free_job(job);
  } else {
    size_t bytes = (size_t)job->count * 4 * sizeof(uint32_t);
    napi_create_external_arraybuffer(env, job->nodes, bytes, finalize_buffer, NULL, &buffer);
    napi_create_typedarray(env, napi_uint32_array, (size_t)job->count * 4, buffer, 0, &array);
    napi_create_object(env, &result);
    napi_set_named_property(env, result, "nodes", array);
    napi_get_boolean(env, job->has_error, &flag);
    napi_set_named_property(env, result, "hasError", flag);
    if (job->has_tokens) {
      napi_value tokens;
      if (deliver_tokens(env, &job->tokens, &tokens) == napi_ok) napi_set_named_property(env, result, "tokens", tokens);
      job->has_tokens = 0; /* columns and spans are owned by their ArrayBuffers (or were freed) */
    }
    if (job->metrics) {
      napi_value metrics_buffer, metrics;
      if (owned_buffer(env, job->metrics, (size_t)job->metrics_length * sizeof(int32_t), &metrics_buffer) == napi_ok &&
          napi_create_typedarray(env, napi_int32_array, job->metrics_length, metrics_buffer, 0, &metrics) == napi_ok)
        napi_set_named_property(env, result, "metrics", metrics);
      job->metrics = NULL; /* owned by the ArrayBuffer now (or freed) */
    }
    napi_resolve_deferred(env, job->deferred, result);
    job->nodes = NULL; /* owned by the ArrayBuffer now */
    free_job(job);
  }
  /* Nothing left in flight: the queue no longer keeps the event loop alive. */
  if (--queue->pending == 0) napi_unref_threadsafe_function(env, queue->deliver);
}

/*
 * The environment is going away (an env cleanup hook, registered after the thread-safe function, so it
 * runs before Node closes it): drop what is queued, wait for the parses under way (one file each),
 * release the queue. A process that calls exit() never gets here; its threads end with it.
 */
static void close_queue(void *data) {
  ParseQueue *queue = data;
  pthread_mutex_lock(&queue->lock);
  queue->closing = 1;
  for (ParseJob *job = queue->head, *next; job; job = next) { next = job->next; free_job(job); }
  queue->head = queue->tail = NULL;
  while (queue->running > 0) pthread_cond_wait(&queue->stopped, &queue->lock);
  pthread_mutex_unlock(&queue->lock);
  napi_release_threadsafe_function(queue->deliver, napi_tsfn_abort);
  pthread_mutex_destroy(&queue->lock);
  pthread_cond_destroy(&queue->stopped);
  free(queue);
}

static ParseQueue *queue_of(napi_env env) {
  ParseQueue *queue = NULL;
  if (napi_get_instance_data(env, (void **)&queue) == napi_ok && queue) return queue;
  queue = calloc(1, sizeof(ParseQueue));
  if (!queue) return NULL;
  pthread_mutex_init(&queue->lock, NULL);
  pthread_cond_init(&queue->stopped, NULL);
  queue->parallelism = 1;
  napi_value name;
  if (napi_create_string_utf8(env, "agentd-flat-tree", NAPI_AUTO_LENGTH, &name) != napi_ok ||
      napi_create_threadsafe_function(env, NULL, NULL, name, 0, 1, NULL, NULL, queue, deliver, &queue->deliver) != napi_ok) {
    free(queue);
    return NULL;
  }
  napi_unref_threadsafe_function(env, queue->deliver);
  napi_set_instance_data(env, queue, NULL, NULL);
  napi_add_env_cleanup_hook(env, close_queue, queue);
  return queue;
}

/*
 * parse(language: External, text: string, first?: boolean, tokens?: boolean, metrics?: boolean):
 *   Promise<{ nodes: Uint32Array, hasError: boolean, tokens?: { columns, count, spans, lines }, metrics?: Int32Array }>
 * `first`: queued ahead of every parse not yet started (a few small parses something waits on now,
 * behind a whole project's). `tokens`: also the lexical tokens, when the grammar's roles were given.
 * `metrics`: also the complexity metrics (flat-metrics.c), when the grammar's metric tables were given.
 */
static napi_value parse(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5], promise;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 2) { napi_throw_type_error(env, NULL, "parse(language, text)"); return NULL; }
  bool first = false;
  if (argc >= 3 && napi_get_value_bool(env, argv[2], &first) != napi_ok) first = false;
  bool tokens = false;
  if (argc >= 4 && napi_get_value_bool(env, argv[3], &tokens) != napi_ok) tokens = false;
  bool metrics = false;
  if (argc >= 5 && napi_get_value_bool(env, argv[4], &metrics) != napi_ok) metrics = false;
  void *language;
  CHECK(napi_get_value_external(env, argv[0], &language));
  ParseQueue *queue = queue_of(env);
  if (!queue) { napi_throw_error(env, NULL, "flat-tree: could not set up the parse queue"); return NULL; }
  size_t length;
  CHECK(napi_get_value_string_utf16(env, argv[1], NULL, 0, &length));
  ParseJob *job = calloc(1, sizeof(ParseJob));
  if (!job) { napi_throw_error(env, NULL, "flat-tree: out of memory"); return NULL; }
  job->language = language;
  job->roles = tokens ? roles_of(language) : NULL;
  job->metric_tables = metrics ? metric_tables_of(language) : NULL;
  job->length = length;
  job->text = malloc((length + 1) * sizeof(uint16_t));
  if (!job->text) { free(job); napi_throw_error(env, NULL, "flat-tree: out of memory"); return NULL; }
  if (napi_get_value_string_utf16(env, argv[1], (char16_t *)job->text, length + 1, &length) != napi_ok ||
      napi_create_promise(env, &job->deferred, &promise) != napi_ok) {
    free_job(job);
    napi_throw_error(env, NULL, "flat-tree: could not queue the parse");
    return NULL;
  }
  if (queue->pending++ == 0) napi_ref_threadsafe_function(env, queue->deliver);
  pthread_mutex_lock(&queue->lock);
  if (first) {
    job->next = queue->head;
    queue->head = job;
    if (!queue->tail) queue->tail = job;
  } else {
    if (queue->tail) queue->tail->next = job; else queue->head = job;
    queue->tail = job;
  }
  int start = queue->running < queue->parallelism;
  if (start) queue->running++;
  pthread_mutex_unlock(&queue->lock);
  if (start) {
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    /* No thread to be had (out of resources): drain the queue on this thread instead, so no parse is left waiting. */
    if (pthread_create(&thread, &attributes, drain, queue) != 0) drain(queue);
    pthread_attr_destroy(&attributes);
  }
  return promise;
}

/* setParallelism(n): how many threads may parse this environment's queue at once (at least 1). */
static napi_value set_parallelism(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  int32_t n;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 1 || napi_get_value_int32(env, argv[0], &n) != napi_ok) { napi_throw_type_error(env, NULL, "setParallelism(n)"); return NULL; }
  ParseQueue *queue = queue_of(env);
  if (!queue) { napi_throw_error(env, NULL, "flat-tree: could not set up the parse queue"); return NULL; }
  pthread_mutex_lock(&queue->lock);
  queue->parallelism = n < 1 ? 1 : n;
  pthread_mutex_unlock(&queue->lock);
  return NULL;
}

/*
 * tokenRoles(language: External, roles: Uint8Array): the role of each node type id (65536 bytes,
 * core/parsing/lexical-roles.ts) for this grammar's tokens. The first table given for a grammar stays.
 */
static napi_value token_roles(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  void *language, *data;
  napi_typedarray_type type;
  size_t length;
  if (argc < 2 || napi_get_value_external(env, argv[0], &language) != napi_ok ||
      napi_get_typedarray_info(env, argv[1], &type, &length, &data, NULL, NULL) != napi_ok || type != napi_uint8_array ||
      length != ROLE_TABLE_SIZE) {
    napi_throw_type_error(env, NULL, "tokenRoles(language, roles: Uint8Array(65536))");
    return NULL;
  }
  if (roles_of(language)) return NULL;
  uint8_t *roles = malloc(ROLE_TABLE_SIZE);
  if (!roles) { napi_throw_error(env, NULL, "flat-tree: out of memory"); return NULL; }
  memcpy(roles, data, ROLE_TABLE_SIZE);
  pthread_mutex_lock(&role_tables_lock);
  if (role_table_count < MAX_ROLE_TABLES) role_tables[role_table_count++] = (typeof(role_tables[0])){language, roles};
  else free(roles);
  pthread_mutex_unlock(&role_tables_lock);
  return NULL;
}

/* A copy of a typed array argument of type `expected` with `elements` elements (0: any number), or NULL. */
static void *copy_typed(napi_env env, napi_value value, napi_typedarray_type expected, size_t elements, size_t *out_length) {
  napi_typedarray_type type;
  size_t length;
  void *data;
  if (napi_get_typedarray_info(env, value, &type, &length, &data, NULL, NULL) != napi_ok || type != expected) return NULL;
  if (elements != 0 && length != elements) return NULL;
  size_t width = expected == napi_uint32_array ? 4 : 2;
  void *copy = malloc(length ? length * width : width);
  if (copy && length) memcpy(copy, data, length * width);
  if (out_length) *out_length = length;
  return copy;
}

/*
 * metricRoles(language: External, roles: Uint32Array(65536), slots: Uint16Array(65536),
 * fields: Uint16Array(7), nested: Uint32Array): the grammar's tables for complexity metrics
 * (core/parsing/metric-roles.ts, native/flat-metrics.h). The first tables given for a grammar stay.
 */
static napi_value metric_roles(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  void *language;
  if (argc < 5 || napi_get_value_external(env, argv[0], &language) != napi_ok) {
    napi_throw_type_error(env, NULL, "metricRoles(language, roles, slots, fields, nested)");
    return NULL;
  }
  if (metric_tables_of(language)) return NULL;
  MetricTables *tables = calloc(1, sizeof(MetricTables));
  uint16_t *fields = NULL;
  size_t nested_count = 0;
  if (tables) {
    tables->roles = copy_typed(env, argv[1], napi_uint32_array, ROLE_TABLE_SIZE, NULL);
    tables->slots = copy_typed(env, argv[2], napi_uint16_array, ROLE_TABLE_SIZE, NULL);
    fields = copy_typed(env, argv[3], napi_uint16_array, F_COUNT, NULL);
    tables->nested = copy_typed(env, argv[4], napi_uint32_array, 0, &nested_count);
  }
  if (!tables || !tables->roles || !tables->slots || !fields || !tables->nested) {
    if (tables) { free(tables->roles); free(tables->slots); free(tables->nested); }
    free(tables);
    free(fields);
    napi_throw_type_error(env, NULL, "metricRoles(language, roles: Uint32Array(65536), slots: Uint16Array(65536), fields: Uint16Array(7), nested: Uint32Array)");
    return NULL;
  }
  memcpy(tables->fields, fields, sizeof tables->fields);
  free(fields);
  tables->nested_count = (uint32_t)nested_count;
  pthread_mutex_lock(&role_tables_lock);
  if (metric_table_count < MAX_ROLE_TABLES) metric_tables[metric_table_count++] = (typeof(metric_tables[0])){language, tables};
  else { free(tables->roles); free(tables->slots); free(tables->nested); free(tables); }
  pthread_mutex_unlock(&role_tables_lock);
  return NULL;
}

/* names(language: External): { types: string[], named: boolean[], fields: string[] } by id */
static napi_value names(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1], result, types, named, fields, value;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  void *raw;
  CHECK(napi_get_value_external(env, argv[0], &raw));
  const TSLanguage *language = raw;
  uint32_t symbols = ts_language_symbol_count(language);
  CHECK(napi_create_array_with_length(env, symbols, &types));
  CHECK(napi_create_array_with_length(env, symbols, &named));
  for (uint32_t i = 0; i < symbols; i++) {
    const char *text = ts_language_symbol_name(language, (TSSymbol)i);
    CHECK(napi_create_string_utf8(env, text ? text : "", NAPI_AUTO_LENGTH, &value));
    CHECK(napi_set_element(env, types, i, value));
    CHECK(napi_get_boolean(env, ts_language_symbol_type(language, (TSSymbol)i) == TSSymbolTypeRegular, &value));
    CHECK(napi_set_element(env, named, i, value));
  }
  uint32_t field_count = ts_language_field_count(language);
  CHECK(napi_create_array_with_length(env, field_count + 1, &fields));
  for (uint32_t i = 1; i <= field_count; i++) {
    const char *text = ts_language_field_name_for_id(language, (TSFieldId)i);
    CHECK(napi_create_string_utf8(env, text ? text : "", NAPI_AUTO_LENGTH, &value));
    CHECK(napi_set_element(env, fields, i, value));
  }
  CHECK(napi_create_object(env, &result));
  CHECK(napi_set_named_property(env, result, "types", types));
  CHECK(napi_set_named_property(env, result, "named", named));
  CHECK(napi_set_named_property(env, result, "fields", fields));
  return result;
}

/* What the addon exports, by name. */
static const struct {
  const char *name;
  napi_callback function;
} EXPORTS[] = {
  {"parse", parse},
  {"names", names},
  {"setParallelism", set_parallelism},
  {"tokenRoles", token_roles},
  {"metricRoles", metric_roles},
  {"cloneSearch", clone_search_js},
  {"encodeWindows", encode_windows_js},
};

NAPI_MODULE_INIT() {
  for (size_t i = 0; i < sizeof EXPORTS / sizeof EXPORTS[0]; i++) {
    napi_value fn;
    napi_create_function(env, EXPORTS[i].name, NAPI_AUTO_LENGTH, EXPORTS[i].function, NULL, &fn);
    napi_set_named_property(env, exports, EXPORTS[i].name, fn);
  }
  return exports;
}
