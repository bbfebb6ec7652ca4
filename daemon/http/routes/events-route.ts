/**
 * GET /events: one SSE stream of every job's `status`, `step`, `progress` and `done` events (this
 * daemon's and, on a shared Redis, the other daemons'), for a live job list such as the dashboard's.
 * Log lines stay on the job's own stream (GET /jobs/:id/events): they are many and a list shows none.
 * It never ends by itself; a client that reconnects re-reads the list (events are not replayed).
 */
import { defineRoute, sse, type RouteSpec } from '../route-spec.js';
import { openSse } from '../sse.js';

export const eventsRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/events',
    auth: 'credentials',
    summary:
      "Every job's status, step, progress and done events (no log lines), this daemon's and those of daemons sharing its Redis; never ends by itself.",
    responses: { '200': sse('Server-Sent Events.') },
    handler: (ctx) => (req, res) => {
      const stream = openSse(req, res);
      const unsubscribe = ctx.bus.subscribeEvery((event) => {
        if (event.type !== 'log') stream.send(event.type, event);
      });
      stream.onClose(unsubscribe);
      // A first comment, so a client knows the stream is open before any job moves.
      res.write(': open\n\n');
    },
  }),
];
