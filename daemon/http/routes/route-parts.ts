/** Pieces several route declarations share: path parameters and the paging headers. */
import type { Schema } from '../route-spec.js';

export const ID_PARAM: Record<string, Schema> = { id: { type: 'string' } };
export const ID_INDEX_PARAMS: Record<string, Schema> = { id: { type: 'string' }, index: { type: 'integer', minimum: 0 } };

export const pageHeaders: Record<string, Schema> = {
  Link: { description: 'The next page: <url>; rel="next" (absent on the last page).', schema: { type: 'string' } },
  'X-Total-Count': { description: 'How many items the whole list holds.', schema: { type: 'integer' } },
};
