import { expect } from 'chai';
import { memoised, optionsKey, resolvedPerInput } from '../../../core/syntax/index.js';

describe('core/syntax memo keys', () => {
  it('optionsKey names the options as JSON, once per options object and name', () => {
    const options = { conventions: { variable: ['camelCase'] }, maxLength: 40 };
    const key = optionsKey('analysis.naming@2', options);
    expect(key).to.equal('analysis.naming@2:{"conventions":{"variable":["camelCase"]},"maxLength":40}');
    // Another name gets its own key from the same object.
    expect(optionsKey('analysis.smells@3', options)).to.equal('analysis.smells@3:' + JSON.stringify(options));
    // Equal options in another object give an equal key, so the memo entry is shared.
    expect(optionsKey('analysis.naming@2', structuredClone(options))).to.equal(key);
    expect(optionsKey('analysis.naming@2', { ...options, maxLength: 30 })).to.not.equal(key);
    // Made once per object: a change to the object afterwards is not seen (resolved options are not changed).
    options.maxLength = 41;
    expect(optionsKey('analysis.naming@2', options)).to.equal(key);
  });

  it('resolvedPerInput resolves once per input object, and an absent input once as {}', () => {
    const calls: object[] = [];
    const resolve = resolvedPerInput((input: { limit?: number }) => {
      calls.push(input);
      return { limit: input.limit ?? 10 };
    });
    const input = { limit: 3 };
    const first = resolve(input);
    expect(first).to.deep.equal({ limit: 3 });
    expect(resolve(input)).to.equal(first);
    const other = resolve({ limit: 3 });
    expect(other).to.not.equal(first);
    expect(other).to.deep.equal({ limit: 3 });
    const defaults = resolve(undefined);
    expect(defaults).to.deep.equal({ limit: 10 });
    expect(resolve(undefined)).to.equal(defaults);
    expect(calls).to.have.length(3);
    expect(calls[2]).to.deep.equal({});
  });

  it('memoised computes once per key and content hash through the memo', () => {
    const store = new Map<string, { hash: string; value: unknown }>();
    const ctx = {
      tools: {
        memo: <T>(key: string, hash: string, compute: () => T): T => {
          const found = store.get(key);
          if (found?.hash === hash) return found.value as T;
          const value = compute();
          store.set(key, { hash, value });
          return value;
        },
      },
    };
    let computed = 0;
    const key = optionsKey('check@1', { limit: 3 });
    const first = memoised(ctx, key, { path: 'src/a.ts', hash: 'h1' }, () => ({ n: ++computed }));
    expect(memoised(ctx, key, { path: 'src/a.ts', hash: 'h1' }, () => ({ n: ++computed }))).to.equal(first);
    expect(memoised(ctx, key, { path: 'src/a.ts', hash: 'h2' }, () => ({ n: ++computed }))).to.deep.equal({ n: 2 });
    expect([...store.keys()]).to.deep.equal(['check@1:{"limit":3}:src/a.ts']);
  });
});
