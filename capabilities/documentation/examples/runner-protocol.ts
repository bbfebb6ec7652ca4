/**
 * What documentation.examples and its child program (run-examples.ts) exchange: the batch's examples
 * on stdin, and their results after RESULTS_MARKER on stdout. Kept apart from the runner, whose module
 * runs the batch as it loads, so that importing the protocol never starts a run.
 */
export const RESULTS_MARKER = '@@agentd-example-results@@';

export interface ExampleJob {
  id: string;
  js: string;
}

export interface ExampleRun {
  id: string;
  status: 'pass' | 'fail' | 'not-run';
  message?: string;
}
