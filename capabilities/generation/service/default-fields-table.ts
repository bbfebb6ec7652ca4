/**
 * Fields a resource gets when the task names none ("build a REST API for a todo list"): by the
 * resource's singular in kebab-case; '*' for any other resource. The result says these were assumed.
 * Data: a new resource is one entry.
 */
import type { FieldSpec } from './resource-model.js';

export const DEFAULT_FIELDS: Record<string, FieldSpec[]> = {
  todo: [
    { name: 'title', type: 'string', required: true },
    { name: 'done', type: 'boolean', required: true, default: false },
  ],
  task: [
    { name: 'title', type: 'string', required: true },
    { name: 'done', type: 'boolean', required: true, default: false },
    { name: 'dueAt', type: 'date' },
  ],
  note: [
    { name: 'title', type: 'string', required: true },
    { name: 'body', type: 'text' },
  ],
  post: [
    { name: 'title', type: 'string', required: true },
    { name: 'body', type: 'text', required: true },
    { name: 'publishedAt', type: 'date' },
  ],
  'blog-post': [
    { name: 'title', type: 'string', required: true },
    { name: 'body', type: 'text', required: true },
    { name: 'publishedAt', type: 'date' },
  ],
  comment: [
    { name: 'body', type: 'text', required: true },
    { name: 'author', type: 'string', required: true },
  ],
  product: [
    { name: 'name', type: 'string', required: true },
    { name: 'price', type: 'number', required: true },
    { name: 'stock', type: 'int', required: true, default: 0 },
  ],
  order: [
    { name: 'customerEmail', type: 'string', required: true },
    { name: 'total', type: 'number', required: true },
    { name: 'placedAt', type: 'date', required: true, default: 'now' },
  ],
  user: [
    { name: 'name', type: 'string', required: true },
    { name: 'email', type: 'string', required: true, unique: true },
  ],
  customer: [
    { name: 'name', type: 'string', required: true },
    { name: 'email', type: 'string', required: true, unique: true },
  ],
  book: [
    { name: 'title', type: 'string', required: true },
    { name: 'author', type: 'string', required: true },
    { name: 'isbn', type: 'string', unique: true },
  ],
  event: [
    { name: 'title', type: 'string', required: true },
    { name: 'startsAt', type: 'date', required: true },
  ],
  '*': [{ name: 'name', type: 'string', required: true }],
};
