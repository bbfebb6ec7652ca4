import { expect } from 'chai';
import { loadRegistry, defaultRoots } from '../../../core/registry/index.js';
import { createAjv } from '../../../core/registry/ajv-instance.js';
import { InputValidators, toInputErrors } from '../../../core/registry/input-validators.js';
import { META_SCHEMA } from '../../../core/registry/meta-schema.js';
import { precompiledValidator } from '../../../core/registry/precompiled-validators.js';

/** Inputs that exercise each keyword family of the capability schemas: types, enums, bounds, unknown keys. */
const PROBES: unknown[] = [
  {},
  { include: ['src/**'], exclude: ['**/*.test.ts'] },
  { include: 'src' },
  { include: [3] },
  { unknownOption: true },
  { rules: { enable: ['x'], disable: 'y' } },
  { thresholds: { cyclomatic: -1, cognitive: 'high' } },
  { minTokens: 0, mode: 'fuzzy' },
  null,
  [],
  'text',
];

describe('core/registry: validators compiled at build time', () => {
  it('exist for the meta schema and every first-party inputSchema (npm run build writes them)', async () => {
    const registry = await loadRegistry({ roots: defaultRoots() });
    const metas = registry.list();
    expect(metas.length).to.be.at.least(18);
    expect(precompiledValidator(META_SCHEMA), 'meta schema').to.be.a('function');
    for (const meta of metas) expect(precompiledValidator(meta.inputSchema), meta.id).to.be.a('function');
  });

  it('answer every probe exactly as ajv compiling the schema at run time does, errors included', async () => {
    const registry = await loadRegistry({ roots: defaultRoots() });
    const ajv = createAjv();
    for (const meta of registry.list()) {
      const built = precompiledValidator(meta.inputSchema)!;
      const compiled = ajv.compile(meta.inputSchema);
      for (const probe of PROBES) {
        const valid = built(probe);
        expect(valid, `${meta.id} ${JSON.stringify(probe)}`).to.equal(compiled(probe));
        if (!valid)
          expect(toInputErrors(built.errors ?? [], ''), `${meta.id} ${JSON.stringify(probe)}`).to.deep.equal(
            toInputErrors(compiled.errors ?? [], ''),
          );
      }
    }
  });

  it('leave a schema they do not know (a plugin, a schema changed since the build) to ajv, which still refuses an invalid one', () => {
    const validators = new InputValidators();
    const schema = { type: 'object', properties: { depth: { type: 'integer', minimum: 1 } }, additionalProperties: false };
    expect(precompiledValidator(schema)).to.equal(undefined);
    const validate = validators.compile(schema);
    expect(validate({ depth: 2 })).to.equal(true);
    expect(validate({ depth: 0 })).to.equal(false);
    expect(() => validators.compile({ type: 'object', properties: { depth: { type: 'integr' } } })).to.throw(
      /schema is invalid|type must be/,
    );
  });
});
