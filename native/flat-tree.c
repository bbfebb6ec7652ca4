/*
 * agentd's flat-tree addon: parses a source text with a tree-sitter grammar and returns the whole
 * syntax tree as one Uint32Array (4 words per node, pre-order), so JavaScript builds its plain tree
 * without one native call per node property. Parsing runs on libuv's thread pool (one async work per
 * file), so a batch of files parses on every core while the main thread keeps working.
 *
 * Node layout (words): [type | field << 16, start, end, parent + 1]; start/end are UTF-16 indexes
 * (the text is parsed as UTF-16, as the tree-sitter binding does), parent is 0 for the root.
 * The grammar comes from the grammar package's `language` External (tree-sitter-javascript,
 * tree-sitter-typescript); the tree-sitter runtime is compiled in from the tree-sitter package's
 * vendored sources (the same version the binding uses).
 */
#include <node_api.h>
#include <stdlib.h>
#include <string.h>
#include "tree_sitter/api.h"

#define CHECK(call) do { if ((call) != napi_ok) { napi_throw_error(env, NULL, "flat-tree: " #call " failed"); return NULL; } } while (0)

typedef struct {
  napi_async_work work;
  napi_deferred deferred;
  const TSLanguage *language;
  uint16_t *text;
  size_t length;
  uint32_t *nodes;
  uint32_t count;
  int has_error;
  int failed;
} ParseJob;

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

static void execute(napi_env env, void *data) {
  (void)env;
  ParseJob *job = data;
  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, job->language)) { job->failed = 1; ts_parser_delete(parser); return; }
  TSTree *tree = ts_parser_parse_string_encoding(parser, NULL, (const char *)job->text, (uint32_t)(job->length * 2), TSInputEncodingUTF16);
  ts_parser_delete(parser);
  free(job->text);
  job->text = NULL;
  if (!tree) { job->failed = 1; return; }
  job->has_error = ts_node_has_error(ts_tree_root_node(tree));
  job->nodes = flatten(tree, &job->count);
  if (!job->nodes) job->failed = 1;
  ts_tree_delete(tree);
}

static void finalize_buffer(napi_env env, void *data, void *hint) {
  (void)env; (void)hint;
  free(data);
}

static void complete(napi_env env, napi_status status, void *data) {
  ParseJob *job = data;
  napi_value result, buffer, array, flag;
  if (status != napi_ok || job->failed) {
    napi_value message, error;
    napi_create_string_utf8(env, "tree-sitter could not parse the text", NAPI_AUTO_LENGTH, &message);
    napi_create_error(env, NULL, message, &error);
    napi_reject_deferred(env, job->deferred, error);
    free(job->nodes);
  } else {
    size_t bytes = (size_t)job->count * 4 * sizeof(uint32_t);
    napi_create_external_arraybuffer(env, job->nodes, bytes, finalize_buffer, NULL, &buffer);
    napi_create_typedarray(env, napi_uint32_array, (size_t)job->count * 4, buffer, 0, &array);
    napi_create_object(env, &result);
    napi_set_named_property(env, result, "nodes", array);
    napi_get_boolean(env, job->has_error, &flag);
    napi_set_named_property(env, result, "hasError", flag);
    napi_resolve_deferred(env, job->deferred, result);
  }
  free(job->text);
  napi_delete_async_work(env, job->work);
  free(job);
}

/* parse(language: External, text: string): Promise<{ nodes: Uint32Array, hasError: boolean }> */
static napi_value parse(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2], promise, name;
  CHECK(napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
  if (argc < 2) { napi_throw_type_error(env, NULL, "parse(language, text)"); return NULL; }
  void *language;
  CHECK(napi_get_value_external(env, argv[0], &language));
  size_t length;
  CHECK(napi_get_value_string_utf16(env, argv[1], NULL, 0, &length));
  ParseJob *job = calloc(1, sizeof(ParseJob));
  if (!job) { napi_throw_error(env, NULL, "flat-tree: out of memory"); return NULL; }
  job->language = language;
  job->length = length;
  job->text = malloc((length + 1) * sizeof(uint16_t));
  if (!job->text) { free(job); napi_throw_error(env, NULL, "flat-tree: out of memory"); return NULL; }
  CHECK(napi_get_value_string_utf16(env, argv[1], (char16_t *)job->text, length + 1, &length));
  CHECK(napi_create_promise(env, &job->deferred, &promise));
  CHECK(napi_create_string_utf8(env, "agentd-flat-tree", NAPI_AUTO_LENGTH, &name));
  CHECK(napi_create_async_work(env, NULL, name, execute, complete, job, &job->work));
  CHECK(napi_queue_async_work(env, job->work));
  return promise;
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

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "parse", NAPI_AUTO_LENGTH, parse, NULL, &fn);
  napi_set_named_property(env, exports, "parse", fn);
  napi_create_function(env, "names", NAPI_AUTO_LENGTH, names, NULL, &fn);
  napi_set_named_property(env, exports, "names", fn);
  return exports;
}
