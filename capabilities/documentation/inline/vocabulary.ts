/**
 * The words documentation.inline builds summaries from (data, grown with its tests): verbs a function
 * name may start with, how each reads in a summary and what its result is called. A name that starts
 * with no known verb is a noun phrase ("totalArea" -> "Returns the total area.").
 */
export interface VerbRule {
  /** Third person singular, as the summary starts: "Gets". */
  says: string;
  /** The @returns text; `{rest}` is the rest of the name in words, `{type}` the return type. */
  returns: string;
}

export const VERBS: Readonly<Record<string, VerbRule>> = {
  get: { says: 'Gets', returns: 'The {rest}.' },
  find: { says: 'Finds', returns: 'The {rest} found.' },
  load: { says: 'Loads', returns: 'The loaded {rest}.' },
  read: { says: 'Reads', returns: 'The {rest} read.' },
  create: { says: 'Creates', returns: 'The new {rest}.' },
  make: { says: 'Makes', returns: 'The new {rest}.' },
  build: { says: 'Builds', returns: 'The built {rest}.' },
  parse: { says: 'Parses', returns: 'The parsed {rest}.' },
  format: { says: 'Formats', returns: 'The formatted {rest}.' },
  convert: { says: 'Converts', returns: 'The converted {rest}.' },
  to: { says: 'Converts to', returns: 'The {rest}.' },
  compute: { says: 'Computes', returns: 'The computed {rest}.' },
  calculate: { says: 'Calculates', returns: 'The calculated {rest}.' },
  count: { says: 'Counts', returns: 'The number of {rest}.' },
  slugify: { says: 'Makes a slug of', returns: 'The slug.' },
  truncate: { says: 'Truncates', returns: 'The truncated text.' },
  normalize: { says: 'Normalizes', returns: 'The normalized {rest}.' },
  validate: { says: 'Validates', returns: 'The validation result.' },
  check: { says: 'Checks', returns: 'The result of the check.' },
  render: { says: 'Renders', returns: 'The rendered {rest}.' },
  add: { says: 'Adds', returns: 'The result of adding {rest}.' },
  remove: { says: 'Removes', returns: 'The result of removing {rest}.' },
  delete: { says: 'Deletes', returns: 'The result of deleting {rest}.' },
  update: { says: 'Updates', returns: 'The updated {rest}.' },
  set: { says: 'Sets', returns: 'The result of setting {rest}.' },
  save: { says: 'Saves', returns: 'The result of saving {rest}.' },
  send: { says: 'Sends', returns: 'The result of sending {rest}.' },
  fetch: { says: 'Fetches', returns: 'The fetched {rest}.' },
  handle: { says: 'Handles', returns: 'The result of handling {rest}.' },
  merge: { says: 'Merges', returns: 'The merged {rest}.' },
  sort: { says: 'Sorts', returns: 'The sorted {rest}.' },
  filter: { says: 'Filters', returns: 'The filtered {rest}.' },
  map: { says: 'Maps', returns: 'The mapped {rest}.' },
  pad: { says: 'Pads', returns: 'The padded {rest}.' },
  scale: { says: 'Scales', returns: 'The scaled {rest}.' },
  resolve: { says: 'Resolves', returns: 'The resolved {rest}.' },
  register: { says: 'Registers', returns: 'The result of registering {rest}.' },
  apply: { says: 'Applies', returns: 'The result of applying {rest}.' },
  run: { says: 'Runs', returns: 'The result of running {rest}.' },
  start: { says: 'Starts', returns: 'The result of starting {rest}.' },
  stop: { says: 'Stops', returns: 'The result of stopping {rest}.' },
};

/** Predicates: `isEmpty(id)` -> "Checks whether id is empty." */
export const PREDICATES: Readonly<Record<string, string>> = { is: 'is', has: 'has', can: 'can', should: 'should', was: 'was', are: 'are' };
