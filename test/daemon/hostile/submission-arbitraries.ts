/**
 * fast-check arbitraries of POST /jobs bodies: mostly shaped like the job-submission schema (so the
 * checks past the top level are reached), with hostile values mixed in — traversal and absolute
 * workspaces, unicode and NUL, prototype keys, wrong types, huge and negative limits, extra keys —
 * and some bodies that are not JSON objects at all. Shared by the test (fixed seed) and
 * bench/fuzz-submission.ts (long run).
 */
import fc from 'fast-check';

const CAPABILITIES = ['analysis.test-empty', 'analysis.test-reader', 'analysis.complexity'];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '..',
    '../..',
    '/etc/passwd',
    'C:\\\\x',
    'a\u0000b',
    '💥',
    '\u202e',
    '__proto__',
    'constructor',
    'prototype',
    '%2e%2e',
    '~',
    '',
  ),
);

/** Mostly a good value, sometimes a hostile one: deep checks are reached, and still attacked. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 12, arbitrary: good }, { weight: 1, arbitrary: bad });

const limits = fc.record(
  {
    maxMemoryMB: mostly(fc.integer({ min: 16, max: 2048 }), fc.oneof(fc.integer(), fc.double(), hostileString)),
    maxExecutionTimeMin: mostly(fc.integer({ min: 1, max: 60 }), fc.oneof(fc.integer({ min: -5, max: 100_000 }), hostileString)),
    maxToolCalls: mostly(fc.integer({ min: 1, max: 100 }), fc.oneof(fc.integer(), fc.constant(null))),
  },
  { requiredKeys: [] },
);

const input = fc.oneof(
  fc.record({ path: mostly(fc.constantFrom('ok.txt', 'missing.ts', 'sub/ok.txt'), hostileString) }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);
const capability = mostly(fc.constantFrom(...CAPABILITIES), fc.oneof(hostileString, fc.integer()));
const step = fc.record({ capability, input }, { requiredKeys: ['capability'] });

/** One of the three submission forms of API.md, then the optional common fields, then maybe a stray key. */
const form = fc.oneof(
  fc.record({ capability, input }, { requiredKeys: ['capability'] }),
  fc.record({
    pipeline: mostly(fc.array(step, { minLength: 1, maxLength: 3 }), fc.oneof(hostileString, fc.array(step, { maxLength: 0 }))),
  }),
  fc.record({ task: mostly(fc.string({ minLength: 1 }), fc.oneof(hostileString, fc.integer())) }),
);
const common = fc.record(
  {
    workspace: mostly(fc.constantFrom('.', 'project'), hostileString),
    mode: mostly(fc.constantFrom('auto', 'approval'), hostileString),
    limits: mostly(limits, hostileString),
    idempotencyKey: mostly(fc.string({ minLength: 1, maxLength: 40 }), fc.oneof(hostileString, fc.integer())),
    priority: mostly(fc.integer({ min: -10, max: 10 }), fc.oneof(fc.double(), hostileString)),
  },
  { requiredKeys: [] },
);
const stray = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.tuple(fc.oneof(hostileString, fc.constantFrom('constructor', 'prototype')), fc.jsonValue({ maxDepth: 2 })) },
);
const shaped = fc.tuple(form, common, stray).map(([f, c, extra]) => {
  const body: Record<string, unknown> = { ...f, ...c };
  if (extra) Object.defineProperty(body, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
  return body;
});

/** The raw text of one request body. `__proto__` keys survive only when written into the text. */
export const submissionBody: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: shaped.map((body) => JSON.stringify(body)) },
  {
    weight: 1,
    arbitrary: fc.tuple(shaped, fc.jsonValue({ maxDepth: 2 })).map(([body, pollution]) =>
      JSON.stringify(body)
        .replace(/^\{/, `{"__proto__":${JSON.stringify(pollution)},`)
        .replace(/,\}$/, '}'),
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.string() },
);

/** Statuses a submission may be answered with: accepted, or a client error of the catalogue. */
export const ACCEPTABLE_STATUSES = [202, 400, 413, 415, 422];
