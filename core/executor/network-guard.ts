/**
 * Denies network access to capabilities (the spec's agent restriction: no network without a configured
 * integration). Imported for its effect by the step worker, so it patches only the worker threads'
 * own instances of the networking modules: the executor, the daemon and the child processes a job is
 * allowed to run (tsc, the project's tests) are untouched.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { AgentdError } from '../errors/index.js';

function denied(what: string): AgentdError {
  return new AgentdError('network_denied', `Network access ("${what}") is refused: capabilities run offline; read what you need from the workspace instead.`);
}

function deny(target: object, names: string[], label: string): void {
  for (const name of names) {
    if (typeof (target as Record<string, unknown>)[name] !== 'function') continue;
    Object.defineProperty(target, name, {
      configurable: false, writable: false,
      value: () => { throw denied(`${label}.${name}`); },
    });
  }
}

export function installNetworkGuard(): void {
  // Every TCP/IPC client (http, https, undici's fetch, database drivers) ends in Socket#connect.
  deny(net.Socket.prototype, ['connect'], 'net.Socket');
  deny(net, ['connect', 'createConnection', 'createServer'], 'net');
  deny(tls, ['connect'], 'tls');
  deny(http, ['request', 'get', 'createServer'], 'http');
  deny(https, ['request', 'get', 'createServer'], 'https');
  deny(dgram, ['createSocket'], 'dgram');
  deny(dns, ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse'], 'dns');
  deny(dns.promises, ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse'], 'dns.promises');
  for (const name of ['fetch', 'WebSocket', 'EventSource']) {
    if (name in globalThis) Object.defineProperty(globalThis, name, { configurable: false, writable: false, value: () => { throw denied(name); } });
  }
  // Named ESM imports of builtins (`import { request } from 'node:http'`) are snapshots until synced.
  syncBuiltinESMExports();
}

installNetworkGuard();
