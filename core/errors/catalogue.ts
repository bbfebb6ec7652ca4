/**
 * The one catalogue of agentd error codes (like Fastify's FST_ERR_*): a stable snake_case code,
 * the HTTP status the REST layer answers with, and what it means. docs/errors.md lists the same
 * codes and a test keeps the two in step. Retired codes are never reused.
 */
export const ERROR_CATALOGUE = {
  // REST / client errors
  invalid_json: { status: 400, description: 'The request body is not parsable JSON.' },
  validation_failed: { status: 400, description: 'The body or query fails its schema; details list each problem with its JSON path.' },
  invalid_cursor: {
    status: 400,
    description: 'A page cursor this daemon did not give out (or of another result); start again without it.',
  },
  invalid_workspace: { status: 400, description: 'The job workspace is absolute or escapes workspace.path.' },
  unauthorized: { status: 401, description: 'Missing or wrong credentials.' },
  job_not_found: { status: 404, description: 'No job has that id.' },
  bad_request: {
    status: 400,
    description:
      "The request is not valid HTTP/1.1 (Node's parser refused its request line or headers); answered in the JSON envelope, then the connection is closed.",
  },
  request_timeout: {
    status: 408,
    description: 'The request headers or body did not arrive within server.headersTimeoutMs / server.requestTimeoutMs.',
  },
  headers_too_large: { status: 431, description: 'The request headers are over the 16 KB limit (a token must fit in it).' },
  not_found: { status: 404, description: 'No route matches the method and path.' },
  job_finished: { status: 409, description: 'The job is already in a final state.' },
  job_running: { status: 409, description: 'The job is running; wait for it to finish.' },
  job_not_finished: {
    status: 409,
    description: 'Only a finished job (succeeded, incomplete, failed, cancelled) can be deleted; cancel it first.',
  },
  apply_in_progress: {
    status: 409,
    description: 'The job is writing its changes; it can no longer be cancelled and will report whether they were applied.',
  },
  not_awaiting_approval: { status: 409, description: 'Approve/reject was sent for a job that is not awaiting approval.' },
  payload_too_large: {
    status: 413,
    description: 'The request body is over its limit: 1 MB for the API, 25 MB for a GitHub webhook delivery.',
  },
  unsupported_media_type: { status: 415, description: 'The request body is not application/json.' },
  unknown_capability: { status: 422, description: 'A step names no registered capability.' },
  invalid_input: { status: 422, description: "A step's input fails the capability's inputSchema." },
  rate_limited: { status: 429, description: 'Too many requests in the rate-limit window.' },
  unavailable: { status: 503, description: 'Shutting down, the workspace is full, or the queue backend is unreachable.' },
  internal_error: { status: 500, description: 'An unexpected error; the daemon logged it.' },

  // Job failures (error.code of a job record)
  memory_limit: { status: 500, description: 'A step exceeded limits.maxMemoryMB.' },
  time_limit: { status: 500, description: 'The job exceeded limits.maxExecutionTimeMin.' },
  tool_call_limit: { status: 500, description: 'The job exceeded limits.maxToolCalls.' },
  capability_error: { status: 500, description: 'A capability threw; the message says what and where.' },
  capability_crashed: { status: 500, description: 'A capability killed its worker or the executor process.' },
  cancelled: { status: 500, description: 'The job was cancelled.' },
  shutdown: { status: 500, description: 'The daemon shut down before the job finished.' },
  apply_failed: { status: 500, description: 'Staged changes could not be written; every touched file was restored.' },

  // Workspace
  workspace_escape: {
    status: 400,
    description:
      'A path is absolute, contains "..", or a symlink leads outside the root. At submission, any path-like field of a job\'s input (docs/api.md) is checked, whichever capability receives it.',
  },
  followup_not_understood: {
    status: 400,
    description:
      'A follow-up message on a capability or pipeline job (which has no planner) was neither a scope ("only src/", "exclude test/") nor a re-run ("run again"); nothing was re-run.',
  },
  workspace_required: {
    status: 400,
    description: 'POST /jobs named no workspace and the daemon has no workspace.default: name the workspace, or configure a default.',
  },
  file_too_large: { status: 400, description: 'A file is over the 100 KB limit for reading or writing.' },
  binary_file: { status: 400, description: 'A file is binary; capabilities read and write text only.' },
  file_not_found: { status: 400, description: 'A file does not exist in the workspace.' },
  file_unreadable: {
    status: 400,
    description: 'The operating system refused to read a file (permissions, I/O error); analyses skip it and say so.',
  },
  parse_failed: { status: 400, description: 'A source file could not be parsed at all; analyses skip it and say so.' },
  command_not_allowed: {
    status: 400,
    description:
      'Retired: replaced by project_code_not_allowed (the permission is about running project code, not about commands); never reported.',
  },
  project_code_not_allowed: {
    status: 403,
    description:
      "Running the workspace's own code (tests, scripts, ESLint/Prettier JS configs and plugins) was refused: the workspace is not trusted (security.trustedWorkspaces) for this job.",
  },

  // Registry and configuration
  invalid_capability: { status: 500, description: "A capability module's meta is invalid; the message names the module and the problem." },
  duplicate_capability: { status: 500, description: 'Two capability modules declare the same id.' },
  invalid_config: {
    status: 500,
    description: 'A configuration value is invalid; the message names the key, value, source and what was expected.',
  },
  invalid_project_config: {
    status: 422,
    description:
      "A workspace's agentd.config.json is not valid JSON or fails its schema; the message names the file, each key and its value, with a did-you-mean.",
  },
  port_in_use: { status: 500, description: 'The configured port is already taken.' },

  // Third-party plugins (plugins/, docs/plugins.md)
  invalid_plugin: {
    status: 500,
    description:
      "A plugin's manifest is invalid, names a missing entry, or supports no SDK version this agentd provides; the plugin is reported and skipped.",
  },
  plugin_error: {
    status: 500,
    description:
      'A plugin capability threw (an Error or any other value) or reached for something the sandbox does not have (process, require, import()); the message keeps what it threw.',
  },
  plugin_timeout: {
    status: 500,
    description:
      'A plugin step ran past its wall-clock limit (limits.wallMs), e.g. a promise that never resolves; its isolate was disposed.',
  },
  plugin_cpu_limit: {
    status: 500,
    description:
      'A plugin step used more CPU time than limits.cpuMs (an endless loop, sync or in a promise chain); its isolate was disposed.',
  },
  plugin_memory_limit: { status: 500, description: "A plugin step's isolate grew past limits.memoryMB; the isolate was disposed." },
  plugin_stack_overflow: { status: 500, description: 'A plugin step recursed past the isolate stack.' },
  plugin_output_too_large: {
    status: 500,
    description: "A plugin step's result (its JSON) or one tool call's arguments exceeded limits.maxOutputBytes.",
  },
  plugin_permission_denied: {
    status: 403,
    description:
      'A plugin step used something its manifest does not request (a write without `writes`, a read outside its read globs, a tool it did not list); the refusal is final for the step.',
  },
  plugin_sandbox_unavailable: {
    status: 503,
    description:
      'The plugin sandbox (isolated-vm, an optional dependency compiled at install time) is not installed or does not load here; plugins are skipped and plugin steps fail. Reinstall agentd where g++, make and python3 are present.',
  },
  plugin_tool_call_limit: {
    status: 500,
    description: "A plugin step made more tool calls than its manifest's limits.maxToolCalls (the job's maxToolCalls applies as well).",
  },

  // Parsing
  unsupported_language: {
    status: 400,
    description: 'A file has no parser: tree-sitter parses .ts, .mts, .cts, .tsx, .js, .mjs, .cjs and .jsx files.',
  },

  // Agent
  planner_unavailable: {
    status: 501,
    description: 'A free-text task was submitted but this build has no planner yet; submit a capability or pipeline job.',
  },

  // Refactoring
  refactoring_refused: {
    status: 422,
    description:
      'A refactoring was refused because it could not be done without changing behaviour; the message says why and what would work.',
  },
  verification_failed: {
    status: 422,
    description:
      'refactoring.verify found a check (type-check or tests) that passed before the staged changes and fails after; the changes are discarded.',
  },

  // Debugging
  fix_refused: {
    status: 422,
    description:
      'debugging.fix staged nothing: no asked-for error has a safe fix (or the fix did not make the type-check pass for it without new errors); the message gives the reason per error.',
  },

  // Testing
  no_test_runner: {
    status: 422,
    description:
      'The testing capabilities found no tests to run: no "test" script and no mocha, vitest, jest or node:test use, the runner is not installed, or a filter was asked of a script agentd cannot pass one to.',
  },
  test_run_failed: {
    status: 500,
    description:
      "The project's test run wrote no per-test report (it did not start or crashed before reporting); the message has the exit code and the last output lines.",
  },
  testing_refused: {
    status: 422,
    description:
      'A testing capability found nothing it can test truthfully (no HTTP route, no importable app, a server module that listens when imported); the message names what it looked for and where.',
  },

  // Documentation
  documentation_refused: {
    status: 422,
    description:
      'A documentation capability found nothing it can document truthfully (no public entry point, no source for it, no matching file or symbol); the message says what it looked for and what to pass instead.',
  },

  // Generation
  generation_refused: {
    status: 422,
    description:
      'A generator staged nothing: a file it would write exists with other content (pass onExisting: "propose" to review the change as a diff) or the name collides with an existing export; the message names the files.',
  },

  // Queue backend (several daemons on one Redis)
  queue_not_durable: {
    status: 503,
    description:
      'Start-up refused (queue.requireDurable): the Redis queue would not survive a crash (appendonly is off, or maxmemory-policy may evict keys).',
  },
  worker_lost: {
    status: 500,
    description:
      'The daemon running the job died (killed or lost its Redis lock) on every one of its allowed attempts; the job was failed instead of retried again.',
  },

  // Security
  record_tampered: {
    status: 500,
    description: 'A stored job record failed its integrity check (security.encryption): it was altered or sealed with another key.',
  },

  // Advisories
  invalid_advisories: {
    status: 400,
    description: 'An advisory file is not valid agentd advisory JSON or OSV JSON; the message names the file and the first bad field.',
  },

  // The agent (task jobs)
  unsupported_task: {
    status: 422,
    description: "A free-text task asks for something outside agentd's capabilities; the agent turn lists what agentd can do.",
  },

  // The GitHub App (daemon/github)
  github_api_failed: {
    status: 502,
    description:
      "A call the GitHub App made to GitHub's REST API failed after Octokit's retries (rate limits included); the message has the status and GitHub's message, never the token.",
  },
  github_git_failed: {
    status: 502,
    description:
      "A git fetch, clone or push of the GitHub App failed (a force-pushed or deleted head, a refused push); the message has git's last lines, never the token.",
  },

  // Agent restrictions
  network_denied: {
    status: 403,
    description: 'A capability tried to open a network connection or look up a host; capabilities run offline.',
  },
  process_denied: {
    status: 403,
    description:
      'A capability tried to start a process or thread of its own (child_process, worker_threads, cluster, process.binding, inspector); programs run only through ctx.tools.runCommand, in the sandbox.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
