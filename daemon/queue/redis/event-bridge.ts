/**
 * Makes job events visible on every daemon sharing one Redis: events this daemon publishes on its bus
 * go out on the `events` channel (codec-encoded: summaries and log lines are job data), and events
 * from the other daemons come in as remote events, so `GET /jobs/:id/events` on any daemon streams a
 * job wherever it runs.
 */
import type { JobEventBus } from '../../events/event-bus.js';
import type { JobEvent } from '../../events/job-events.js';
import type { RecordCodec } from '../../security/record-codec.js';
import type { RedisChannels } from './redis-channels.js';

interface Envelope {
  origin: string;
  event: JobEvent;
}

export function bridgeEvents(
  bus: JobEventBus,
  channels: RedisChannels,
  codec: RecordCodec,
  origin: string,
  onError: (error: Error) => void,
): () => void {
  const offLocal = bus.subscribeAll((event) => {
    const envelope: Envelope = { origin, event };
    channels.publish('events', codec.encode(envelope)).catch(onError); // SSE elsewhere misses it; the record still has it
  });
  const offRemote = channels.on('events', (message) => {
    let envelope: Envelope;
    try {
      envelope = codec.decode(message) as Envelope;
    } catch (error) {
      onError(error as Error);
      return;
    }
    if (envelope.origin !== origin) bus.publishRemote(envelope.event);
  });
  return () => {
    offLocal();
    offRemote();
  };
}
