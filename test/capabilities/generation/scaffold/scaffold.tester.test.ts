/** generation.scaffold's tester suite: a scaffold folder rendered in the project's style, a dry run that stages nothing, refusals, input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';

const PROJECT = {
  'package.json': '{ "name": "sample", "type": "module" }\n',
  '.prettierrc.json': '{ "semi": false, "singleQuote": true }\n',
  '.agentd/scaffolds/module/scaffold.json': '{ "variables": { "name": { "type": "string", "pattern": "^[a-z][a-z-]*$" } } }\n',
  '.agentd/scaffolds/module/src/{{kebab name}}.ts.hbs': 'export const {{camel name}}Label = "{{name}}";\n',
};

describe('capabilities/generation/scaffold cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'generation.scaffold' }).run({
    valid: [
      {
        name: 'a dry run lists and stages nothing',
        files: PROJECT,
        input: { template: 'module', variables: { name: 'user-card' }, dryRun: true },
      },
    ],
    invalid: [
      {
        name: 'renders path and content, formatted with the project Prettier config',
        files: PROJECT,
        input: { template: 'module', variables: { name: 'user-card' } },
        changes: { 'src/user-card.ts': "export const userCardLabel = 'user-card'\n" },
      },
      {
        name: 'a variable that fails its pattern',
        files: PROJECT,
        input: { template: 'module', variables: { name: 'UserCard' } },
        error: { code: 'invalid_input', message: 'does not match' },
      },
      {
        name: 'an unknown scaffold names the ones there are',
        files: PROJECT,
        input: { template: 'page' },
        error: { code: 'invalid_input', message: 'scaffolds in .agentd/scaffolds/: module' },
      },
      {
        name: 'an existing file with other content is refused',
        files: { ...PROJECT, 'src/user-card.ts': 'export const x = 1\n' },
        input: { template: 'module', variables: { name: 'user-card' } },
        error: 'generation_refused',
      },
    ],
    inputErrors: [
      { name: 'no template', input: {}, message: "must have required property 'template'" },
      { name: 'a template path escaping the workspace', input: { template: '../elsewhere' }, message: '/template must match pattern' },
    ],
  });
});
