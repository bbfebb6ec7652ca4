/**
 * Which describe/it the tester declares its tests with: the ones set on the tester class, else the
 * globals (mocha, vitest with globals, jest), else node:test's.
 */
import * as nodeTest from 'node:test';

export type Suite = (name: string, body: () => void) => unknown;
export type Test = (name: string, body: () => Promise<void>) => unknown;
export interface TestHooks {
  describe?: Suite;
  it?: Test;
  /** `it.only`; default the chosen `it`'s own `.only`. */
  itOnly?: Test;
}

function globalFunction<T>(name: string): T | undefined {
  const value = (globalThis as Record<string, unknown>)[name];
  return typeof value === 'function' ? (value as T) : undefined;
}

export function resolveHooks(hooks: TestHooks): { describe: Suite; it: Test; itOnly: Test } {
  const describe = hooks.describe ?? globalFunction<Suite>('describe') ?? (nodeTest.describe as unknown as Suite);
  const it = hooks.it ?? globalFunction<Test>('it') ?? (nodeTest.it as unknown as Test);
  const own = (it as unknown as { only?: Test }).only;
  const itOnly = hooks.itOnly ?? (typeof own === 'function' ? own.bind(it) : it);
  return { describe, it, itOnly };
}
