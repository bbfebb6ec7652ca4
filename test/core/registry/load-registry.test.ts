import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry, defaultRoots, type CapabilityRegistry } from '../../../core/registry/index.js';
import { AgentdError } from '../../../core/errors/index.js';

// Compiled to dist/test/core/registry/; the support modules compile to dist/test/support/bad-capabilities/.
const cases = fileURLToPath(new URL('../../support/bad-capabilities/', import.meta.url));
const root = (name: string): string => path.join(cases, name);

async function refusal(name: string): Promise<AgentdError> {
  try {
    await loadRegistry({ roots: [root(name)] });
  } catch (error) {
    expect(error).to.be.instanceOf(AgentdError);
    return error as AgentdError;
  }
  throw new Error(`case "${name}" was accepted`);
}

describe('core/registry: loadRegistry', () => {
  describe('refuses a bad capability module with an error naming the module and the problem', () => {
    const invalid: Array<{ name: string; code: string; module: string; mentions: string[]; absent?: string[] }> = [
      {
        name: 'bad-id',
        code: 'invalid_capability',
        module: 'analysis/x.js',
        mentions: ['/meta/id is "analysis.Bad_Id" but must be "<group>.<name>"', 'lower-case kebab-case'],
        absent: ['^('],
      },
      {
        name: 'bad-semver',
        code: 'invalid_capability',
        module: 'analysis/x.js',
        mentions: ['/meta/version is "1.0" but must be a semver version such as "1.0.0"'],
        absent: ['(0|[1-9]'],
      },
      { name: 'id-outside-group', code: 'invalid_capability', module: 'analysis/x.js', mentions: ['/meta/id', '"testing.x"'] },
      { name: 'group-mismatch', code: 'invalid_capability', module: 'analysis/x.js', mentions: ['/meta/group', '"analysis" folder'] },
      {
        name: 'invalid-input-schema',
        code: 'invalid_capability',
        module: 'analysis/x.js',
        mentions: ['/meta/inputSchema', 'schema is invalid'],
      },
      { name: 'missing-run', code: 'invalid_capability', module: 'analysis/x.js', mentions: ['"run"'] },
      { name: 'per-file-not-function', code: 'invalid_capability', module: 'analysis/x.js', mentions: ['"perFile"', 'not a function'] },
      { name: 'missing-meta', code: 'invalid_capability', module: 'analysis/x.js', mentions: ['"meta"'] },
      { name: 'empty-title', code: 'invalid_capability', module: 'analysis/x.js', mentions: ['/meta/title'] },
      { name: 'writes-not-boolean', code: 'invalid_capability', module: 'analysis/x.js', mentions: ['/meta/writes', 'boolean'] },
      { name: 'unknown-group', code: 'invalid_capability', module: 'analyses', mentions: ['not a capability group'] },
      {
        name: 'error-outside-namespace',
        code: 'invalid_capability',
        module: 'analysis/x.js',
        mentions: ['error code "other_refused" outside its namespace', 'start it with "analysis_" or "x_"'],
      },
      {
        name: 'error-in-catalogue',
        code: 'invalid_capability',
        module: 'testing/x.js',
        mentions: ['error code "testing_refused", which agentd\'s own catalogue already has'],
      },
      { name: 'duplicate-id', code: 'duplicate_capability', module: 'analysis/a.js', mentions: ['analysis/b.js', '"analysis.same"'] },
    ];
    for (const c of invalid) {
      it(`${c.name}: ${c.code}`, async () => {
        const error = await refusal(c.name);
        expect(error.code).to.equal(c.code);
        expect(error.message).to.include(path.join(root(c.name), c.module));
        for (const m of c.mentions) expect(error.message).to.include(m);
        // The raw regular expression of a pattern says nothing to a capability author.
        for (const a of c.absent ?? []) expect(error.message).to.not.include(a);
      });
    }
  });

  describe('a valid root', () => {
    let registry: CapabilityRegistry;
    before(async () => {
      registry = await loadRegistry({ roots: [root('valid')] });
    });

    it('registers every group module, sorted by id, and skips subfolders of internal modules', () => {
      expect(registry.list().map((m) => m.id)).to.deep.equal(['analysis.ok', 'testing.other']);
      expect(registry.get('analysis.ok')?.modulePath).to.equal(path.join(root('valid'), 'analysis', 'ok.js'));
      expect(registry.get('analysis.describe-input')).to.equal(undefined);
    });

    it('require() of an unknown id throws unknown_capability with a "did you mean"', () => {
      expect(() => registry.require('analysis.okk'))
        .to.throw(AgentdError)
        .with.property('message')
        .that.includes('did you mean "analysis.ok"?');
      try {
        registry.require('generation.component');
        expect.fail('require accepted an unknown id');
      } catch (error) {
        expect((error as AgentdError).code).to.equal('unknown_capability');
        expect((error as AgentdError).message).to.not.include('did you mean');
      }
    });

    it('validateInput() accepts a valid input', () => {
      expect(registry.validateInput('analysis.ok', { paths: ['a.ts'], depth: 2, mode: 'fast' })).to.deep.equal({ valid: true, errors: [] });
    });

    it('validateInput() reports every problem with its JSON path', () => {
      const result = registry.validateInput('analysis.ok', { paths: ['a.ts', 7], depth: -1, mode: 'slow', extra: true });
      expect(result.valid).to.equal(false);
      const paths = result.errors.map((e) => e.path).sort();
      expect(paths).to.deep.equal(['/depth', '/extra', '/mode', '/paths/1']);
      expect(result.errors.find((e) => e.path === '/mode')?.message).to.include('"fast", "full"');
    });

    it('validateInput() points a missing required property at its own path', () => {
      expect(registry.validateInput('analysis.ok', {}).errors).to.deep.equal([
        { path: '/paths', message: "must have required property 'paths'" },
      ]);
    });

    it('validateInput() validates a missing input as {} (what run() receives)', () => {
      expect(registry.validateInput('testing.other', undefined)).to.deep.equal({ valid: true, errors: [] });
      expect(registry.validateInput('analysis.ok', undefined).errors.map((e) => e.path)).to.deep.equal(['/paths']);
      expect(registry.validateInput('testing.other', 'text').errors).to.deep.equal([{ path: '/', message: 'must be object' }]);
    });

    it('validateInput() of an unknown id throws unknown_capability', () => {
      expect(() => registry.validateInput('analysis.nope', {}))
        .to.throw(AgentdError)
        .with.property('code', 'unknown_capability');
    });
  });

  describe('modules registered on their own', () => {
    it('registers a flat list of modules and a flat folder without group-folder checks', async () => {
      const registry = await loadRegistry({
        roots: [],
        modules: [path.join(root('valid'), 'testing', 'other.js')],
        flat: [path.join(root('valid'), 'analysis')],
      });
      expect(registry.list().map((m) => m.id)).to.deep.equal(['analysis.ok', 'testing.other']);
    });

    it('registerModule() still refuses a duplicate id', async () => {
      const registry = await loadRegistry({ roots: [root('valid')] });
      const again = path.join(root('valid'), 'analysis', 'ok.js');
      try {
        await registry.registerModule(again);
        expect.fail('a duplicate was registered');
      } catch (error) {
        expect((error as AgentdError).code).to.equal('duplicate_capability');
      }
    });

    it('a root that does not exist is refused naming the folder', async () => {
      try {
        await loadRegistry({ roots: [root('no-such-case')] });
        expect.fail('a missing root was accepted');
      } catch (error) {
        expect((error as AgentdError).code).to.equal('invalid_capability');
        expect((error as AgentdError).message).to.include(root('no-such-case'));
      }
    });
  });

  describe('the first-party capabilities', () => {
    it('defaultRoots() is dist/capabilities and every module there is valid', async () => {
      const roots = defaultRoots();
      expect(roots).to.deep.equal([fileURLToPath(new URL('../../../capabilities', import.meta.url))]);
      const registry = await loadRegistry({ roots });
      expect(registry.get('analysis.complexity')?.meta.group).to.equal('analysis');
    });
  });
});
