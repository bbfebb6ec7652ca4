/**
 * generation.db-schema for Mongoose, checked by mongoose itself without a MongoDB server: the
 * generated module compiled and imported, its model built by mongoose 9, and documents validated in
 * memory (`validate`): a document of the spec passes with its defaults, a missing required field,
 * a non-integer int, an uncastable number and a bad ObjectId fail on the right path.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import mongoose, { type Model } from 'mongoose';
import ts from 'typescript';
import { run as dbSchema } from '../../../../capabilities/generation/db-schema.js';
import { copyFixture, prettierIdempotent, type Project } from '../db-proof/project.js';

async function load(project: Project, file: string): Promise<Record<string, unknown>> {
  const js = ts.transpileModule(await project.read(file), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const out = path.join(project.root, file.replace(/\.ts$/, '.js'));
  await writeFile(out, js);
  return (await import(out)) as Record<string, unknown>;
}

describe('generation.db-schema: Mongoose schemas loaded by mongoose', function () {
  this.timeout(60_000);
  const projects: Project[] = [];
  after(async () => {
    for (const name of mongoose.modelNames()) mongoose.deleteModel(name);
    await Promise.all(projects.map((p) => p.dispose()));
  });

  it('a Mongoose project gets a schema and model in its models folder; mongoose validates documents of the spec and rejects the others', async () => {
    const project = await copyFixture('mongoose-ts');
    projects.push(project);
    const { result, changes } = await project.generate(dbSchema, {
      name: 'Post',
      fields: [
        { name: 'title', unique: true },
        { name: 'views', type: 'int', default: 0 },
        { name: 'published', type: 'boolean', default: false },
        { name: 'rating', type: 'float', optional: true },
        { name: 'createdAt', type: 'datetime', default: 'now' },
      ],
      relations: [
        { kind: 'many-to-one', model: 'User', field: 'author' },
        { kind: 'many-to-many', model: 'Tag' },
      ],
    });
    expect(changes.map((c) => c.path)).to.deep.equal(['src/models/Post.ts']);
    expect(result.summary).to.include('tags: refers to a Tag model the project does not define yet');
    expect(result.summary).to.not.include('author: refers'); // the fixture defines User
    expect(await prettierIdempotent(project.root, 'src/models/Post.ts')).to.equal(true);

    const { PostModel } = (await load(project, 'src/models/Post.ts')) as { PostModel: Model<Record<string, unknown>> };
    expect(PostModel.modelName).to.equal('Post');
    expect(PostModel.collection.collectionName).to.equal('posts');
    expect(PostModel.schema.indexes()).to.deep.equal([[{ title: 1 }, { unique: true }]]);

    const author = new mongoose.Types.ObjectId();
    const good = new PostModel({ title: 'Hello', author, tags: [new mongoose.Types.ObjectId()] });
    await good.validate(); // resolves: valid
    expect(good.get('views')).to.equal(0);
    expect(good.get('published')).to.equal(false);
    expect(good.get('createdAt')).to.be.instanceOf(Date);
    expect(good.get('rating')).to.equal(undefined);

    const errorsOf = async (doc: Record<string, unknown>): Promise<Record<string, string>> => {
      try {
        await new PostModel(doc).validate();
        return {};
      } catch (error) {
        const errors = (error as mongoose.Error.ValidationError).errors;
        return Object.fromEntries(Object.entries(errors).map(([key, e]) => [key, e.kind]));
      }
    };
    expect(await errorsOf({ author })).to.deep.equal({ title: 'required' });
    expect(await errorsOf({ title: 'x' })).to.deep.equal({ author: 'required' });
    expect(await errorsOf({ title: 'x', author, views: 1.5 })).to.deep.equal({ views: 'user defined' });
    expect(await errorsOf({ title: 'x', author, views: 'many' })).to.deep.equal({ views: 'Number' });
    expect(await errorsOf({ title: 'x', author: 'not-an-id' })).to.deep.equal({ author: 'ObjectId' });
  });

  it('refuses a model the project has', async () => {
    const project = await copyFixture('mongoose-ts');
    projects.push(project);
    const refused = await project.refusal(dbSchema, { name: 'User', fields: [{ name: 'email' }] });
    expect(refused).to.deep.equal({ code: 'invalid_input', message: 'name: the Mongoose model User exists (src/models/User.ts)' });
  });
});
