/**
 * subscribeEvery (GET /events, the dashboard's live list) hears every job, this daemon's and the
 * remote ones (several daemons on one Redis), while subscribeAll stays this daemon's own work.
 */
import { expect } from 'chai';
import { JobEventBus, type JobEvent } from '../../../daemon/events/index.js';

const status = (jobId: string): JobEvent => ({ type: 'status', jobId, status: 'running', at: new Date().toISOString() });

describe('JobEventBus.subscribeEvery', () => {
  it('receives local and remote events of every job; subscribeAll receives only the local ones', () => {
    const bus = new JobEventBus();
    const every: string[] = [];
    const all: string[] = [];
    const one: string[] = [];
    const stopEvery = bus.subscribeEvery((event) => every.push(event.jobId));
    bus.subscribeAll((event) => all.push(event.jobId));
    bus.subscribe('b', (event) => one.push(event.jobId));
    bus.publish(status('a'));
    bus.publishRemote(status('b'));
    expect(every).to.deep.equal(['a', 'b']);
    expect(all).to.deep.equal(['a']);
    expect(one).to.deep.equal(['b']);
    stopEvery();
    bus.publish(status('c'));
    expect(every).to.deep.equal(['a', 'b']);
  });

  it('a throwing listener does not stop the others', () => {
    const bus = new JobEventBus();
    const heard: string[] = [];
    bus.subscribeEvery(() => {
      throw new Error('boom');
    });
    bus.subscribeEvery((event) => heard.push(event.jobId));
    bus.publishRemote(status('x'));
    bus.publish(status('y'));
    expect(heard).to.deep.equal(['x', 'y']);
  });
});
