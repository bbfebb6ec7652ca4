/** Bounded fuzzy matching: edit distance with a ceiling and "did you mean" suggestions. */
export { editDistance, type DistanceOptions } from './edit-distance.js';
export { closeMatches, closestMatch, MAX_SUGGESTIBLE_LENGTH, type CloseOptions } from './closest-match.js';
