/* Clone detection's window search (clone-search.c), exposed to JavaScript as the addon's cloneSearch. */
#ifndef AGENTD_CLONE_SEARCH_H
#define AGENTD_CLONE_SEARCH_H

#include <node_api.h>
#include <stdint.h>

typedef struct {
  const int32_t *codes;
  uint32_t length;
  /* The two hashes of each window of min_tokens codes (find-clones.ts's windowKeys). */
  const int32_t *high, *low;
  uint32_t windows;
} CloneFile;

typedef struct {
  /* 6 per clone: first file, start, end, second file, start, end (token indexes, end exclusive). */
  int32_t *spans;
  uint32_t count, capacity;
} CloneList;

/* Returns 0 and fills `out` (free out->spans), or -1 when out of memory. */
int clone_search(const CloneFile *files, uint32_t count, uint32_t min_tokens, CloneList *out);

/* cloneSearch(files: [codes: Int32Array, high: Int32Array, low: Int32Array][], minTokens: number): Int32Array */
napi_value clone_search_js(napi_env env, napi_callback_info info);

/* encodeWindows(codes, kinds, minTokens, identifierCode, literalCode): Int32Array (clone-search.c) */
napi_value encode_windows_js(napi_env env, napi_callback_info info);

#endif
