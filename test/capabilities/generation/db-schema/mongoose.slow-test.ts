/** generation.db-schema for Mongoose (slow tier: tsc with mongoose 9's types takes over 5 s here): the project type-checks with the generated model. */
import { expect } from 'chai';
import { run as dbSchema } from '../../../../capabilities/generation/db-schema.js';
import { copyFixture, typecheck } from '../db-proof/project.js';

describe('generation.db-schema: Mongoose output type-checks (tsc with mongoose 9 types)', function () {
  this.timeout(120_000);
  it('tsc -p tsconfig.json on the project with the generated model is clean', async function () {
    const project = await copyFixture('mongoose-ts');
    try {
      await project.generate(dbSchema, {
        name: 'Post',
        fields: [{ name: 'title' }, { name: 'views', type: 'int', default: 0 }, { name: 'data', type: 'json', optional: true }],
        relations: [{ kind: 'many-to-one', model: 'User', field: 'author', optional: true }],
      });
      const checked = await typecheck(project.root);
      expect(checked.output).to.equal('');
      expect(checked.code).to.equal(0);
    } finally {
      await project.dispose();
    }
  });
});
