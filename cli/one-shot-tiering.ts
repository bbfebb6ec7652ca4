/**
 * V8 settings for a command that analyses a project once and exits (`agentd scan`). V8 optimises a
 * function with TurboFan once it has run for a while, on background threads; a scan runs ten checks'
 * worth of code over every file once, so hundreds of functions get hot at about the same time, and
 * compiling them took over a second of CPU during a 2.4 s scan, competing with the parse and the
 * analysis for the same cores. Optimising later (twice V8's interrupt budget) and
 * without inlining (smaller, cheaper compiles) cut the scan's CPU by ~0.8 s and its wall time by
 * ~0.2 s on 141k lines, and changed nothing on three times that (bench/scan-vs-eslint-jscpd.ts).
 * The daemon keeps V8's defaults: its analyses run in a long-lived executor where peak speed pays.
 */
import v8 from 'node:v8';

const FLAGS = ['--interrupt-budget=270336', '--no-turbo-inlining'];

/** Applies the settings to this process; code compiled from now on follows them. Call before the work's modules load. */
export function tierForOneShot(): void {
  for (const flag of FLAGS) v8.setFlagsFromString(flag);
}
