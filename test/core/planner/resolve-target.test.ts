import { expect } from 'chai';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProjectIndex, type ProjectIndex } from '../../../core/planner/index.js';
import { foldersNamed, resolvePath, resolveSymbol, testGlobs } from '../../../core/planner/resolve-target.js';

const FIXTURES = fileURLToPath(new URL('../../../../fixtures/', import.meta.url));

describe('core/planner: resolving targets against the project', () => {
  let express: ProjectIndex;
  let react: ProjectIndex;
  before(async () => {
    express = await buildProjectIndex({ root: path.join(FIXTURES, 'express-ts-api') });
    react = await buildProjectIndex({ root: path.join(FIXTURES, 'react-ts-app') });
  });

  it('finds files and folders exactly, without extension, by suffix and from absolute stack-trace paths', () => {
    expect(resolvePath('src/app.ts', express)).to.deep.equal({ status: 'found', path: 'src/app.ts', kind: 'file' });
    expect(resolvePath('./src/routes/', express)).to.deep.equal({ status: 'found', path: 'src/routes', kind: 'folder' });
    expect(resolvePath('src/services/pricing', express)).to.deep.equal({ status: 'found', path: 'src/services/pricing.ts', kind: 'file' });
    expect(resolvePath('pricing.ts', express)).to.deep.equal({ status: 'found', path: 'src/services/pricing.ts', kind: 'file' });
    expect(resolvePath('/home/me/app/src/db.ts', express)).to.deep.equal({ status: 'found', path: 'src/db.ts', kind: 'file' });
  });

  it('offers close names for a path that is not there, and lists the matches of an ambiguous one', () => {
    expect(resolvePath('src/servces', express)).to.deep.equal({ status: 'missing', suggestions: ['src/services'] });
    const readme = resolvePath('README', react);
    expect(readme.status).to.equal('found');
    expect(resolvePath('TaskForm', react)).to.deep.equal({ status: 'found', path: 'src/components/TaskForm.tsx', kind: 'file' });
    expect(resolvePath('TaskList.module.css', react).status).to.equal('found');
    expect(resolvePath('nothing-like-it.ts', react)).to.deep.equal({ status: 'missing', suggestions: [] });
  });

  it('names folders in prose by singular or plural', () => {
    expect(foldersNamed('hook', react)).to.deep.equal(['src/hooks']);
    expect(foldersNamed('tests', express)).to.deep.equal(['test']);
    expect(foldersNamed('widgets', react)).to.deep.equal([]);
  });

  it('resolves symbols, with close names when one is mistyped', () => {
    const found = resolveSymbol('urgencyScore', react);
    expect(found.status === 'found' && found.symbol.file).to.equal('src/lib/priority.ts');
    expect(resolveSymbol('urgencyScor', react)).to.deep.equal({ status: 'missing', suggestions: ['urgencyScore'] });
  });

  it('means the test folders and the usual test file names by "the tests"', () => {
    expect(testGlobs(express)).to.deep.equal(['test/**', '**/*.test.*', '**/*.spec.*']);
    expect(testGlobs(react)).to.deep.equal(['**/*.test.*', '**/*.spec.*']);
  });
});
