/**
 * agentd's node:test reporter (`node --test --test-reporter=<this file>
 * --test-reporter-destination=<file>` inside the sandbox): the raw pass/fail events as JSON lines; the
 * title paths are rebuilt from the nesting levels by parse-reports.ts.
 */
interface TestEvent {
  type: string;
  data: {
    name?: string;
    nesting?: number;
    file?: string;
    line?: number;
    column?: number;
    skip?: unknown;
    todo?: unknown;
    details?: { duration_ms?: number; type?: string; error?: unknown };
  };
}

function errorOf(error: unknown): Record<string, unknown> | undefined {
  if (!error || typeof error !== 'object') return error === undefined ? undefined : { message: String(error) };
  // node:test wraps the test's own error in an ERR_TEST_FAILURE whose cause is the assertion.
  const outer = error as Record<string, unknown>;
  const e = (outer.cause && typeof outer.cause === 'object' ? outer.cause : outer) as Record<string, unknown>;
  const text = (value: unknown): string | undefined =>
    value === undefined ? undefined : typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return {
    message: typeof e.message === 'string' ? e.message : String(e),
    stack: typeof e.stack === 'string' ? e.stack : undefined,
    expected: text(e.expected),
    actual: text(e.actual),
  };
}

export default async function* agentdNodeTestReporter(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, nesting, file, line, column, skip, todo, details } = event.data;
    yield `${JSON.stringify({ type: event.type, name, nesting, file, line, column, skip: skip ? true : undefined, todo: todo ? true : undefined, durationMs: details?.duration_ms, kind: details?.type, error: event.type === 'test:fail' ? errorOf(details?.error) : undefined })}\n`;
  }
}
