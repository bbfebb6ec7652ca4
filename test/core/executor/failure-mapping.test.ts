import { expect } from 'chai';
import { AgentdError, CapabilityError } from '../../../core/errors/index.js';
import { failureFromThrown } from '../../../core/executor/failure-mapping.js';

const task = { capabilityId: 'testing.fixtures', stepIndex: 0 };

describe('core/executor: the code a failed step keeps', () => {
  it("keeps a code the capability declared in meta.errors, with the capability's message", () => {
    const failure = failureFromThrown(
      new CapabilityError('fixtures_refused', 'types: cannot build Fn'),
      task,
      new Set(['fixtures_refused']),
    );
    expect(failure.code).to.equal('fixtures_refused');
    expect(failure.message).to.equal('Capability "testing.fixtures" at step 0 stopped: types: cannot build Fn');
  });

  it('turns a code the capability did not declare into capability_error, keeping its message', () => {
    const failure = failureFromThrown(new CapabilityError('fixtures_other', 'something'), task, new Set(['fixtures_refused']));
    expect(failure.code).to.equal('capability_error');
    expect(failure.message).to.include('threw: something');
  });

  it("keeps the catalogue's kept codes without any declaration", () => {
    expect(failureFromThrown(new AgentdError('testing_refused', 'no route'), task).code).to.equal('testing_refused');
  });
});
