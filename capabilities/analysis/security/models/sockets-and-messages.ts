/**
 * Messages from peers: WebSocket (`ws`) and socket.io handlers, raw request/socket `data` events,
 * `process.on('message')` and worker messages (IPC from another process), and browser `message`
 * events (`postMessage` from any window).
 */
import type { LibraryModel } from './types.js';

const LIFECYCLE = [
  'connect',
  'connection',
  'disconnect',
  'disconnecting',
  'close',
  'error',
  'open',
  'end',
  'listening',
  'finish',
  'drain',
  'upgrade',
  'ping',
  'pong',
  'headers',
  'timeout',
  'ready',
  'exit',
  'SIGINT',
  'SIGTERM',
  'uncaughtException',
  'unhandledRejection',
  'warning',
];

export const model: LibraryModel = {
  id: 'sockets-and-messages',
  title: 'WebSocket, socket.io, IPC and postMessage handlers',
  modules: ['ws', 'socket.io', 'socket.io-client', 'worker_threads', 'node:worker_threads'],
  sources: {
    callbacks: [
      {
        method: ['on', 'once', 'addListener'],
        events: ['message'],
        receiver: '^(ws|socket|client|conn|connection|peer|webSocket|websocket|process|parentPort)$',
        param: 0,
        kind: 'message',
      },
      {
        method: ['on', 'once'],
        events: ['data'],
        receiver: '^(req|request|socket|conn|connection|stream|client)$',
        param: 0,
        kind: 'message',
      },
      // socket.io: every custom event carries the peer's data.
      {
        method: ['on', 'once'],
        notEvents: LIFECYCLE,
        receiver: '^(socket|client)$',
        param: 0,
        kind: 'message',
        imported: ['^socket\\.io'],
      },
      { method: ['addEventListener'], events: ['message'], param: 0, kind: 'message' },
    ],
  },
};
