import { expect } from 'chai';
import { parsePromptLine, unquote, type PromptCommand } from '../../../cli/agent/slash-command.js';

const cases: Array<[string, PromptCommand]> = [
  ['/agent universal-agent "audit security of src"', { kind: 'agent', agent: 'universal-agent', task: 'audit security of src' }],
  ["/agent universal-agent 'rename greet to welcome'", { kind: 'agent', agent: 'universal-agent', task: 'rename greet to welcome' }],
  [
    '/agent universal-agent rename greet to welcome in src/a.ts',
    { kind: 'agent', agent: 'universal-agent', task: 'rename greet to welcome in src/a.ts' },
  ],
  ['  /agent   universal-agent   "say \\"hi\\" twice"  ', { kind: 'agent', agent: 'universal-agent', task: 'say "hi" twice' }],
  ['/AGENT universal-agent fix it', { kind: 'agent', agent: 'universal-agent', task: 'fix it' }],
  ['/auto', { kind: 'auto' }],
  ['/exec npm test -- --grep "a b"', { kind: 'exec', command: 'npm test -- --grep "a b"' }],
  ['/help', { kind: 'help' }],
  ['/jobs', { kind: 'jobs' }],
  ['/status', { kind: 'status' }],
  ['/quit', { kind: 'quit' }],
  ['/exit', { kind: 'quit' }],
  ['', { kind: 'empty' }],
  ['   ', { kind: 'empty' }],
  ['only high severity', { kind: 'text', text: 'only high severity' }],
  ['  y ', { kind: 'text', text: 'y' }],
];

const invalid: Array<[string, RegExp]> = [
  ['/agent', /Name the agent and the task/],
  ['/agent universal-agent', /Say what to do/],
  ['/agent universal-agent ""', /Say what to do/],
  ['/agent other-agent "x"', /no agent "other-agent"/],
  ['/exec', /Give the command to run/],
  ['/auto now', /\/auto takes no arguments/],
  ['/jbos', /Unknown command "\/jbos"; type \/help/],
];

describe('agent prompt: slash-command parser', () => {
  for (const [line, expected] of cases) {
    it(`reads ${JSON.stringify(line)} as ${expected.kind}`, () => {
      expect(parsePromptLine(line)).to.deep.equal(expected);
    });
  }
  for (const [line, message] of invalid) {
    it(`refuses ${JSON.stringify(line)} with a message saying how to fix it`, () => {
      const parsed = parsePromptLine(line);
      expect(parsed.kind).to.equal('invalid');
      expect((parsed as { message: string }).message).to.match(message);
    });
  }
  it('unquotes only matching quotes around the whole task', () => {
    expect(unquote('"a b"')).to.equal('a b');
    expect(unquote('"a b')).to.equal('"a b');
    expect(unquote(`'it"s'`)).to.equal('it"s');
  });
});
