/**
 * Imported first by the step worker, for its effect: capabilities imported after it find the network
 * closed (network-guard.ts) and no way to start a process or thread of their own (process-guard.ts).
 * The sandbox's spawn is taken before anything is patched (the import below), so ctx.tools.runCommand
 * still starts programs — sandboxed, and only with the project-code permission.
 */
import '../sandbox/host-spawn.js';
import { syncBuiltinESMExports } from 'node:module';
import { installNetworkGuard } from './network-guard.js';
import { installProcessGuard } from './process-guard.js';

installNetworkGuard();
installProcessGuard();
// Named ESM imports of builtins (`import { request } from 'node:http'`) are snapshots until synced.
syncBuiltinESMExports();
