/**
 * Model changes proven by a real round trip (up, catalog check, down, identical dump) on a base that
 * holds `users (id, email unique, bio)`, with what the catalog must show after the up.
 */
import type { MigrationInput } from '../../../../capabilities/generation/migration.js';

export interface Expectation {
  /** Tables that exist after the up. */
  tables?: string[];
  /** table -> column -> expected nullability (true: nullable). */
  columns?: Record<string, Record<string, boolean>>;
  /** table -> columns absent after the up. */
  absent?: Record<string, string[]>;
  /** table -> index name -> unique. */
  indexes?: Record<string, Record<string, boolean>>;
  /** table -> foreign-key column -> referenced table. */
  foreignKeys?: Record<string, Record<string, string>>;
}

export interface ChangeCase {
  title: string;
  input: MigrationInput;
  expect: Expectation;
}

/** The base every case starts from, per dialect (what fixtures/generation/sql-migrations' 001 creates). */
export const BASE = {
  postgresql:
    'CREATE TABLE "users" ("id" serial PRIMARY KEY, "email" text NOT NULL, "bio" text);\nCREATE UNIQUE INDEX "users_email_key" ON "users" ("email");',
  // In the generator's own layout, so that even sqlite_master's text of a re-created table compares equal.
  sqlite:
    'CREATE TABLE "users" (\n  "id" integer PRIMARY KEY,\n  "email" text NOT NULL,\n  "bio" text\n);\nCREATE UNIQUE INDEX "users_email_key" ON "users" ("email");',
};

export const CHANGE_CASES: ChangeCase[] = [
  {
    title: 'create-table with a unique field, defaults and a many-to-one relation',
    input: {
      name: 'Post',
      change: 'create-table',
      fields: [
        { name: 'title', type: 'string', unique: true },
        { name: 'body', type: 'text', optional: true },
        { name: 'published', type: 'boolean', default: false },
        { name: 'views', type: 'int', default: 0 },
        { name: 'rating', type: 'float', optional: true },
        { name: 'created_at', type: 'datetime', default: 'now' },
      ],
      relations: [{ kind: 'many-to-one', model: 'User', field: 'author', onDelete: 'cascade' }],
    },
    expect: {
      tables: ['posts'],
      columns: {
        posts: { id: false, title: false, body: true, published: false, views: false, rating: true, created_at: false, author_id: false },
      },
      indexes: { posts: { posts_title_key: true, posts_author_id_idx: false } },
      foreignKeys: { posts: { author_id: 'users' } },
    },
  },
  {
    title: 'create-table with a many-to-many relation (join table)',
    input: {
      name: 'Tag',
      change: 'create-table',
      fields: [{ name: 'label', unique: true }],
      relations: [{ kind: 'many-to-many', model: 'users' }],
    },
    expect: {
      tables: ['tags', 'tags_users'],
      columns: { tags: { label: false }, tags_users: { tag_id: false, user_id: false } },
      foreignKeys: { tags_users: { tag_id: 'tags', user_id: 'users' } },
      indexes: { tags_users: { tags_users_user_id_idx: false } },
    },
  },
  {
    title: 'add-column: optional, defaulted, unique',
    input: {
      name: 'User',
      change: 'add-column',
      fields: [
        { name: 'age', type: 'integer', optional: true },
        { name: 'nickname', default: 'anon', unique: true },
        { name: 'score', type: 'double', default: 1.5 },
        { name: 'active', type: 'bool', default: true },
      ],
    },
    expect: {
      columns: { users: { age: true, nickname: false, score: false, active: false } },
      indexes: { users: { users_nickname_key: true } },
    },
  },
  {
    title: 'drop-column',
    input: { name: 'User', change: 'drop-column', fields: [{ name: 'bio', type: 'text', optional: true }] },
    expect: { absent: { users: ['bio'] } },
  },
  {
    title: 'add-index (unique, two columns)',
    input: { name: 'users', change: 'add-index', index: { columns: ['email', 'bio'], unique: true } },
    expect: { indexes: { users: { users_email_bio_key: true } } },
  },
  {
    title: 'add-index (plain)',
    input: { name: 'User', change: 'add-index', index: { columns: ['bio'] } },
    expect: { indexes: { users: { users_bio_idx: false } } },
  },
  {
    title: 'add-foreign-key (a self-reference)',
    input: {
      name: 'User',
      change: 'add-foreign-key',
      relations: [{ kind: 'many-to-one', model: 'User', field: 'manager', optional: true, onDelete: 'set-null' }],
    },
    expect: {
      columns: { users: { manager_id: true } },
      foreignKeys: { users: { manager_id: 'users' } },
      indexes: { users: { users_manager_id_idx: false } },
    },
  },
  {
    title: 'drop-table (down re-creates it)',
    input: {
      name: 'User',
      change: 'drop-table',
      fields: [
        { name: 'email', unique: true },
        { name: 'bio', type: 'text', optional: true },
      ],
    },
    expect: { absent: { users: ['id', 'email', 'bio'] } },
  },
];
