/**
 * Denies network access to capabilities (the spec's agent restriction: no network without a configured
 * integration). Installed by worker-guard.ts in the step worker, so it patches only the worker threads'
 * own instances of the networking modules: the executor, the daemon and the sandboxed child processes
 * (core/sandbox, which has a network namespace of its own where the OS allows) are untouched.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { AgentdError } from '../errors/index.js';

function denied(what: string): AgentdError {
  return new AgentdError(
    'network_denied',
    `Network access ("${what}") is refused: capabilities run offline; read what you need from the workspace instead.`,
  );
}

/** Replaces each named function of `target` with one that throws `refusal(label.name)`; the replacement cannot be undone. */
export function deny(target: object, names: string[], label: string, refusal: (what: string) => Error = denied): void {
  for (const name of names) {
    if (typeof (target as Record<string, unknown>)[name] !== 'function') continue;
    Object.defineProperty(target, name, {
      configurable: false,
      writable: false,
      value: function refused() {
        throw refusal(`${label}.${name}`);
      },
    });
  }
}

const DNS = [
  'lookup',
  'lookupService',
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCname',
  'resolveMx',
  'resolveNs',
  'resolveSrv',
  'resolveTxt',
  'reverse',
];

export function installNetworkGuard(): void {
  // Every TCP/IPC client (http, https, undici's fetch, database drivers) ends in Socket#connect.
  deny(net.Socket.prototype, ['connect'], 'net.Socket');
  deny(net.Server.prototype, ['listen'], 'net.Server');
  deny(net, ['connect', 'createConnection', 'createServer'], 'net');
  deny(tls, ['connect', 'createServer'], 'tls');
  deny(http, ['request', 'get', 'createServer'], 'http');
  deny(https, ['request', 'get', 'createServer'], 'https');
  deny(http2, ['connect', 'createServer', 'createSecureServer'], 'http2');
  deny(dgram, ['createSocket'], 'dgram');
  deny(dgram.Socket.prototype, ['bind', 'connect', 'send'], 'dgram.Socket');
  deny(dns, DNS, 'dns');
  deny(dns.promises, DNS, 'dns.promises');
  for (const name of ['fetch', 'WebSocket', 'EventSource']) {
    if (name in globalThis)
      Object.defineProperty(globalThis, name, {
        configurable: false,
        writable: false,
        value: () => {
          throw denied(name);
        },
      });
  }
}
