/** The model spec's normalisation: names in every casing, types and aliases, defaults, relations, refusals. */
import { expect } from 'chai';
import { isAgentdError } from '../../../../core/index.js';
import { normaliseModel, type ModelSpec } from '../../../../capabilities/generation/db-schema/model-spec.js';

function refusal(spec: ModelSpec): string {
  try {
    normaliseModel(spec);
  } catch (error) {
    if (isAgentdError(error) && error.code === 'invalid_input') return error.message;
    throw error;
  }
  throw new Error('expected invalid_input');
}

describe('generation.db-schema: the model spec', () => {
  it('names: model PascalCase, table snake_case plural, fields camelCase, columns snake_case; a lower-case plural names the table', () => {
    const model = normaliseModel({
      name: 'blog post',
      fields: [
        { name: 'created_at', type: 'timestamp', default: 'now' },
        { name: 'ViewCount', type: 'integer', optional: true },
      ],
    });
    expect([model.name, model.table]).to.deep.equal(['BlogPost', 'blog_posts']);
    expect(model.columns.map((c) => [c.field, c.column, c.type, c.nullable])).to.deep.equal([
      ['id', 'id', 'int', false],
      ['createdAt', 'created_at', 'datetime', false],
      ['viewCount', 'view_count', 'int', true],
    ]);
    expect([
      normaliseModel({ name: 'users' }).name,
      normaliseModel({ name: 'categories' }).table,
      normaliseModel({ name: 'Box' }).table,
    ]).to.deep.equal(['User', 'categories', 'boxes']);
  });

  it('relations: many-to-one adds <field>_id, many-to-many a join table in alphabetical order, one-to-many nothing', () => {
    const model = normaliseModel({
      name: 'Post',
      relations: [
        { kind: 'many-to-one', model: 'users', field: 'author', onDelete: 'set-null' },
        { kind: 'many-to-many', model: 'Tag' },
        { kind: 'one-to-many', model: 'Comment' },
      ],
    });
    expect(model.columns.map((c) => c.column)).to.deep.equal(['id', 'author_id']);
    expect(model.columns[1]).to.deep.include({
      nullable: true,
      references: { model: 'User', table: 'users', column: 'id', onDelete: 'set-null' },
    });
    expect(model.relations.map((r) => [r.kind, r.field, r.model])).to.deep.equal([
      ['many-to-one', 'author', 'User'],
      ['many-to-many', 'tags', 'Tag'],
      ['one-to-many', 'comments', 'Comment'],
    ]);
    expect(model.relations[1]!.joinTable).to.deep.equal({
      table: 'posts_tags',
      left: { column: 'post_id', table: 'posts' },
      right: { column: 'tag_id', table: 'tags' },
    });
  });

  it('a primary field replaces the added id; a uuid key is not numbered', () => {
    const model = normaliseModel({ name: 'Session', fields: [{ name: 'token', type: 'uuid', primary: true }] });
    expect(model.columns).to.have.length(1);
    expect(model.primary).to.deep.include({ column: 'token', autoIncrement: false, nullable: false });
  });

  it('refuses with invalid_input naming the field', () => {
    expect(refusal({ name: 'Post', fields: [{ name: 'title' }, { name: 'Title' }] })).to.match(
      /^fields: two fields become the field "title"/,
    );
    expect(refusal({ name: 'Post', fields: [{ name: 'views', type: 'int', default: 'many' }] })).to.match(
      /^fields\[0\]\.default: "many" is not a valid int value/,
    );
    expect(refusal({ name: 'Post', fields: [{ name: 'title', default: 'now' }] })).to.match(
      /^fields\[0\]\.default: "now" is a default of datetime or date fields/,
    );
    expect(
      refusal({
        name: 'Post',
        fields: [
          { name: 'a', primary: true },
          { name: 'b', primary: true },
        ],
      }),
    ).to.match(/composite keys are not supported/);
    expect(refusal({ name: 'Post', fields: [{ name: 'id' }] })).to.match(/a field named "id" that is not primary/);
    expect(refusal({ name: '!!' })).to.match(/^name: "!!" has no letters/);
    expect(refusal({ name: 'Node', relations: [{ kind: 'many-to-many', model: 'Node' }] })).to.match(/with itself is not supported/);
  });
});
