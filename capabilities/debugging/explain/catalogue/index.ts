/** The whole error catalogue, in matching order (earlier entries win ties). */
import type { ErrorEntry } from '../entry.js';
import { LIBRARY_ERRORS } from './library-errors.js';
import { NODE_ERRORS } from './node-errors.js';
import { REACT_ERRORS } from './react-errors.js';
import { RUNTIME_ERRORS } from './runtime-errors.js';
import { SYSTEM_ERRORS } from './system-errors.js';
import { TYPESCRIPT_ERRORS } from './typescript-errors.js';

export const ERROR_CATALOGUE: readonly ErrorEntry[] = [
  ...TYPESCRIPT_ERRORS,
  ...NODE_ERRORS,
  ...SYSTEM_ERRORS,
  ...LIBRARY_ERRORS,
  ...REACT_ERRORS,
  ...RUNTIME_ERRORS,
];
