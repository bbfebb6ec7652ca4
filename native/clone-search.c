/*
 * Clone detection's search (capabilities/analysis/duplication/find-clones.ts, repeat-filter.ts,
 * window-table.ts) in C: the same windows visited in the same order, the same "first seen" table and
 * the same pairs, so the clones are those of the JavaScript search, which stays for processes without
 * the addon (test/capabilities/analysis/duplication/clone-search.test.ts holds the two to the same
 * pairs). It runs once per scan on the main thread, where the JavaScript search ran cold (a scan runs
 * it once) in the serial tail after the per-file steps.
 */
#include "clone-search.h"

#include <stdlib.h>
#include <string.h>

#define NOT_SEEN (-1)
#define BITS_PER_WINDOW 16
#define MAX_BITS_LOG2 22

static uint32_t bit_of(int32_t low, int32_t high, uint32_t shift) {
  return (((uint32_t)low ^ ((uint32_t)high * 31u)) * 0x9e3779b1u) >> shift;
}

/* repeat-filter.ts: which windows may have a twin, from two bit sets over a hash of both window hashes. */
typedef struct {
  uint32_t *twice;
  uint32_t shift;
  uint32_t admitted;
} RepeatFilter;

static int repeat_filter(const CloneFile *files, uint32_t count, RepeatFilter *out) {
  uint64_t total = 0;
  for (uint32_t f = 0; f < count; f++) total += files[f].windows;
  uint32_t log2 = 10;
  while (log2 < MAX_BITS_LOG2 && ((uint64_t)1 << log2) < total * BITS_PER_WINDOW) log2++;
  size_t words = (size_t)1 << (log2 - 5);
  uint32_t *once = calloc(words, sizeof(uint32_t));
  uint32_t *twice = calloc(words, sizeof(uint32_t));
  if (!once || !twice) {
    free(once);
    free(twice);
    return -1;
  }
  uint32_t shift = 32 - log2;
  uint32_t again = 0;
  for (uint32_t f = 0; f < count; f++) {
    const CloneFile *file = &files[f];
    for (uint32_t i = 0; i < file->windows; i++) {
      uint32_t bit = bit_of(file->low[i], file->high[i], shift);
      uint32_t word = bit >> 5, mask = 1u << (bit & 31);
      if (once[word] & mask) {
        twice[word] |= mask;
        again++;
      } else once[word] |= mask;
    }
  }
  free(once);
  out->twice = twice;
  out->shift = shift;
  out->admitted = 2 * again;
  return 0;
}

static uint32_t next_repeat(const RepeatFilter *filter, const CloneFile *file, uint32_t from) {
  uint32_t i = from;
  for (; i < file->windows; i++) {
    uint32_t bit = bit_of(file->low[i], file->high[i], filter->shift);
    if (filter->twice[bit >> 5] & (1u << (bit & 31))) break;
  }
  return i;
}

/* window-table.ts: window -> first position, open addressing over (low hash, position + 1) pairs. */
typedef struct {
  int32_t *slots;
  uint32_t mask;
  uint32_t size;
  const int32_t *highs;
} WindowTable;

static int table_init(WindowTable *table, uint32_t expected, const int32_t *highs) {
  uint64_t capacity = 1024;
  while (capacity < (uint64_t)expected * 2) capacity *= 2;
  table->slots = calloc(capacity * 2, sizeof(int32_t));
  if (!table->slots) return -1;
  table->mask = (uint32_t)capacity - 1;
  table->size = 0;
  table->highs = highs;
  return 0;
}

static int64_t get_or_set(WindowTable *table, int32_t low, uint32_t position);

static int table_grow(WindowTable *table) {
  int32_t *old = table->slots;
  size_t old_length = ((size_t)table->mask + 1) * 2;
  table->slots = calloc(old_length * 2, sizeof(int32_t));
  if (!table->slots) {
    table->slots = old;
    return -1;
  }
  table->mask = (uint32_t)old_length - 1;
  table->size = 0;
  for (size_t at = 0; at < old_length; at += 2) {
    if (old[at + 1] != 0 && get_or_set(table, old[at], (uint32_t)old[at + 1] - 1) == -2) {
      free(old);
      return -1;
    }
  }
  free(old);
  return 0;
}

/* The position first stored for this window, or NOT_SEEN after storing `position`; -2 when out of memory. */
static int64_t get_or_set(WindowTable *table, int32_t low, uint32_t position) {
  int32_t high = table->highs[position];
  uint32_t slot = (((uint32_t)low ^ ((uint32_t)high * 31u)) * 0x9e3779b1u) & table->mask;
  for (;;) {
    size_t at = (size_t)slot << 1;
    int32_t held = table->slots[at + 1];
    if (held == 0) {
      table->slots[at] = low;
      table->slots[at + 1] = (int32_t)position + 1;
      if (++table->size * 2 > table->mask + 1 && table_grow(table) != 0) return -2;
      return NOT_SEEN;
    }
    if (table->slots[at] == low && table->highs[held - 1] == high) return held - 1;
    slot = (slot + 1) & table->mask;
  }
}

/* The file whose windows include `position`: the last f with offsets[f] <= position. */
static uint32_t file_of(const uint32_t *offsets, uint32_t count, uint32_t position) {
  uint32_t lo = 0, hi = count - 1;
  while (lo < hi) {
    uint32_t mid = (lo + hi + 1) >> 1;
    if (offsets[mid] <= position) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

static int push_clone(CloneList *list, const int32_t clone[6]) {
  if (list->count == list->capacity) {
    uint32_t capacity = list->capacity ? list->capacity * 2 : 256;
    int32_t *grown = realloc(list->spans, (size_t)capacity * 6 * sizeof(int32_t));
    if (!grown) return -1;
    list->spans = grown;
    list->capacity = capacity;
  }
  memcpy(list->spans + (size_t)list->count * 6, clone, 6 * sizeof(int32_t));
  list->count++;
  return 0;
}

int clone_search(const CloneFile *files, uint32_t count, uint32_t min_tokens, CloneList *out) {
  memset(out, 0, sizeof *out);
  if (count == 0) return 0;
  /* Windows are numbered across files: file f's window i is offsets[f] + i. */
  uint32_t *offsets = malloc(((size_t)count + 1) * sizeof(uint32_t));
  if (!offsets) return -1;
  offsets[0] = 0;
  for (uint32_t f = 0; f < count; f++) offsets[f + 1] = offsets[f] + files[f].windows;
  int32_t *highs = malloc(offsets[count] ? (size_t)offsets[count] * sizeof(int32_t) : sizeof(int32_t));
  RepeatFilter filter = {0};
  WindowTable table = {0};
  int failed = !highs || repeat_filter(files, count, &filter) != 0;
  if (!failed) {
    for (uint32_t f = 0; f < count; f++) memcpy(highs + offsets[f], files[f].high, (size_t)files[f].windows * sizeof(int32_t));
    failed = table_init(&table, filter.admitted, highs) != 0;
  }
  for (uint32_t f = 0; !failed && f < count; f++) {
    const CloneFile *file = &files[f];
    for (uint32_t i = next_repeat(&filter, file, 0); !failed && i < file->windows; i = next_repeat(&filter, file, i)) {
      int64_t seen = get_or_set(&table, file->low[i], offsets[f] + i);
      if (seen == -2) {
        failed = 1;
        break;
      }
      if (seen == NOT_SEEN) {
        i += 1;
        continue;
      }
      /* find-clones.ts's cloneAt: the same tokens, not overlapping, grown while both sides agree. */
      uint32_t pf = file_of(offsets, count, (uint32_t)seen);
      uint32_t pi = (uint32_t)seen - offsets[pf];
      const int32_t *other = files[pf].codes;
      uint32_t other_length = files[pf].length;
      if ((pf == f && pi + min_tokens > i) || memcmp(other + pi, file->codes + i, (size_t)min_tokens * sizeof(int32_t)) != 0) {
        i += 1;
        continue;
      }
      uint64_t limit = pf == f ? i - pi : UINT64_MAX;
      uint32_t length = min_tokens;
      while (i + length < file->length && pi + length < other_length && length < limit && other[pi + length] == file->codes[i + length]) length++;
      int32_t clone[6] = {(int32_t)pf, (int32_t)pi, (int32_t)(pi + length), (int32_t)f, (int32_t)i, (int32_t)(i + length)};
      if (push_clone(out, clone) != 0) {
        failed = 1;
        break;
      }
      i += length - min_tokens + 1;
    }
  }
  free(offsets);
  free(highs);
  free(filter.twice);
  free(table.slots);
  if (failed) {
    free(out->spans);
    memset(out, 0, sizeof *out);
    return -1;
  }
  return 0;
}

static napi_value type_error(napi_env env) {
  napi_throw_type_error(env, NULL, "cloneSearch(files: [codes, high, low: Int32Array][], minTokens: number >= 1)");
  return NULL;
}

static int int32_array(napi_env env, napi_value value, const int32_t **data, uint32_t *length) {
  napi_typedarray_type type;
  size_t count;
  void *raw;
  if (napi_get_typedarray_info(env, value, &type, &count, &raw, NULL, NULL) != napi_ok || type != napi_int32_array) return -1;
  *data = raw;
  *length = (uint32_t)count;
  return 0;
}

napi_value clone_search_js(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  uint32_t count, min_tokens;
  bool is_array;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 2 || napi_is_array(env, argv[0], &is_array) != napi_ok ||
      !is_array || napi_get_array_length(env, argv[0], &count) != napi_ok || napi_get_value_uint32(env, argv[1], &min_tokens) != napi_ok ||
      min_tokens < 1)
    return type_error(env);
  CloneFile *files = calloc(count ? count : 1, sizeof(CloneFile));
  if (!files) {
    napi_throw_error(env, NULL, "cloneSearch: out of memory");
    return NULL;
  }
  for (uint32_t f = 0; f < count; f++) {
    napi_value entry, codes, high, low;
    uint32_t low_length;
    /* Each file's windows are those of its codes: as many as codes less min_tokens plus one, or none. */
    if (napi_get_element(env, argv[0], f, &entry) != napi_ok || napi_get_element(env, entry, 0, &codes) != napi_ok ||
        napi_get_element(env, entry, 1, &high) != napi_ok || napi_get_element(env, entry, 2, &low) != napi_ok ||
        int32_array(env, codes, &files[f].codes, &files[f].length) != 0 || int32_array(env, high, &files[f].high, &files[f].windows) != 0 ||
        int32_array(env, low, &files[f].low, &low_length) != 0 || low_length != files[f].windows ||
        (files[f].windows > 0 && (uint64_t)files[f].windows + min_tokens - 1 != files[f].length)) {
      free(files);
      return type_error(env);
    }
  }
  CloneList list;
  int failed = clone_search(files, count, min_tokens, &list);
  free(files);
  if (failed) {
    napi_throw_error(env, NULL, "cloneSearch: out of memory");
    return NULL;
  }
  napi_value buffer, result;
  void *data;
  size_t bytes = (size_t)list.count * 6 * sizeof(int32_t);
  if (napi_create_arraybuffer(env, bytes, &data, &buffer) != napi_ok ||
      napi_create_typedarray(env, napi_int32_array, (size_t)list.count * 6, buffer, 0, &result) != napi_ok) {
    free(list.spans);
    return NULL;
  }
  if (bytes) memcpy(data, list.spans, bytes);
  free(list.spans);
  return result;
}

/*
 * encodeWindows(codes: Int32Array, kinds: Uint8Array, minTokens, identifierCode, literalCode): Int32Array
 * One file's encodings for the search (duplication's encode-windows.ts): its renamed codes (identifiers
 * and literals replaced by the two codes given), then the two hashes of every window of `minTokens`
 * codes of the exact stream (high, then low) and of the renamed one, as find-clones.ts's windowKeys
 * makes them: n + 4 * max(0, n - minTokens + 1) numbers.
 */
static void window_keys(const int32_t *codes, uint32_t n, uint32_t size, int32_t *high, int32_t *low) {
  if (n < size) return;
  uint32_t top1 = 1, top2 = 1;
  for (uint32_t i = 0; i < size; i++) {
    top1 *= 1000003u;
    top2 *= 999983u;
  }
  uint32_t h1 = 0, h2 = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t code = (uint32_t)codes[i];
    h1 = h1 * 1000003u + code;
    h2 = h2 * 999983u + code;
    if (i >= size) {
      uint32_t out = (uint32_t)codes[i - size];
      h1 -= out * top1;
      h2 -= out * top2;
    }
    if (i + 1 >= size) {
      high[i + 1 - size] = (int32_t)h1;
      low[i + 1 - size] = (int32_t)h2;
    }
  }
}

napi_value encode_windows_js(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  const int32_t *codes;
  uint32_t n, min_tokens;
  int32_t identifier_code, literal_code;
  napi_typedarray_type type;
  size_t kinds_length;
  void *kinds_data;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 5 || int32_array(env, argv[0], &codes, &n) != 0 ||
      napi_get_typedarray_info(env, argv[1], &type, &kinds_length, &kinds_data, NULL, NULL) != napi_ok || type != napi_uint8_array ||
      kinds_length != n || napi_get_value_uint32(env, argv[2], &min_tokens) != napi_ok || min_tokens < 1 ||
      napi_get_value_int32(env, argv[3], &identifier_code) != napi_ok || napi_get_value_int32(env, argv[4], &literal_code) != napi_ok) {
    napi_throw_type_error(env, NULL, "encodeWindows(codes: Int32Array, kinds: Uint8Array, minTokens: number >= 1, identifierCode, literalCode)");
    return NULL;
  }
  const uint8_t *kinds = kinds_data;
  size_t windows = n >= min_tokens ? (size_t)n - min_tokens + 1 : 0;
  size_t total = (size_t)n + 4 * windows;
  napi_value buffer, result;
  void *data;
  if (napi_create_arraybuffer(env, total * sizeof(int32_t), &data, &buffer) != napi_ok ||
      napi_create_typedarray(env, napi_int32_array, total, buffer, 0, &result) != napi_ok)
    return NULL;
  int32_t *renamed = data;
  /* token-roles.ts's kinds: 1 identifier, 2 literal. */
  for (uint32_t i = 0; i < n; i++) renamed[i] = kinds[i] == 1 ? identifier_code : kinds[i] == 2 ? literal_code : codes[i];
  int32_t *at = renamed + n;
  window_keys(codes, n, min_tokens, at, at + windows);
  window_keys(renamed, n, min_tokens, at + 2 * windows, at + 3 * windows);
  return result;
}
