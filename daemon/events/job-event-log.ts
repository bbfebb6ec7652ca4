/**
 * Debug trace of the jobs this daemon runs (`--debug`): every step, progress and capability log event
 * becomes a debug log line, so `agentd logs --level debug` shows what a job is doing. Status changes
 * and endings are logged at info by the job runner already.
 */
import type { Logger } from '../logging/types.js';
import type { JobEventBus } from './event-bus.js';

/** Returns the function that stops the trace. */
export function logJobEvents(bus: JobEventBus, logger: Logger): () => void {
  return bus.subscribeAll((event) => {
    if (event.type === 'step') {
      logger.debug('job step', {
        jobId: event.jobId,
        step: event.index,
        capability: event.capability,
        status: event.status,
        summary: event.summary,
      });
    } else if (event.type === 'progress') {
      logger.debug('job progress', { jobId: event.jobId, percent: event.percent, message: event.message });
    } else if (event.type === 'log') {
      logger.debug('job log', { jobId: event.jobId, step: event.step, jobLevel: event.level, message: event.message });
    }
  });
}
