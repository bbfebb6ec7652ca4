/**
 * Real SQLite for the proofs through sql.js (SQLite compiled to Wasm, no native addon), foreign keys
 * on; a normalised dump from sqlite_master and the table/index/foreign-key pragmas (columns by name),
 * and the raw sqlite_master text for the exact comparison.
 */
import initSqlJs, { type Database } from 'sql.js';

let engine: Awaited<ReturnType<typeof initSqlJs>> | undefined;

export async function openSqlite(): Promise<Database> {
  engine ??= await initSqlJs();
  const db = new engine.Database();
  db.run('PRAGMA foreign_keys = ON');
  return db;
}

export function query(db: Database, sql: string): Array<Record<string, unknown>> {
  const result = db.exec(sql)[0];
  if (!result) return [];
  return result.values.map((row) => Object.fromEntries(row.map((value, i) => [result.columns[i]!, value])));
}

/** sqlite_master as it is (type, name, table, SQL text), sorted by name. */
export function sqliteMaster(db: Database): string {
  return query(db, `SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`)
    .map((r) => JSON.stringify(r))
    .join('\n');
}

/** The normalised dump: objects, then per table its columns (by name), indexes with their columns, foreign keys. */
export function sqliteDump(db: Database): string {
  const lines: string[] = [];
  const objects = query(db, `SELECT type, name, tbl_name FROM sqlite_master ORDER BY type, name`);
  for (const object of objects) lines.push(JSON.stringify(object));
  for (const { name } of objects.filter((o) => o.type === 'table')) {
    const table = String(name).replace(/"/g, '""');
    const columns = query(db, `PRAGMA table_info("${table}")`).sort((a, b) => String(a.name).localeCompare(String(b.name)));
    for (const column of columns)
      lines.push(
        JSON.stringify({
          table: name,
          name: column.name,
          type: column.type,
          notnull: column.notnull,
          dflt: column.dflt_value,
          pk: column.pk,
        }),
      );
    for (const index of query(db, `PRAGMA index_list("${table}")`).sort((a, b) => String(a.name).localeCompare(String(b.name)))) {
      const columnsOf = query(db, `PRAGMA index_info("${String(index.name).replace(/"/g, '""')}")`).map((c) => c.name);
      lines.push(JSON.stringify({ table: name, index: index.name, unique: index.unique, origin: index.origin, columns: columnsOf }));
    }
    for (const fk of query(db, `PRAGMA foreign_key_list("${table}")`))
      lines.push(JSON.stringify({ table: name, from: fk.from, to: fk.to, refTable: fk.table, onDelete: fk.on_delete }));
  }
  return lines.join('\n');
}

export function sqliteColumns(db: Database, table: string): Map<string, { type: string; notnull: number; dflt: unknown; pk: number }> {
  return new Map(
    query(db, `PRAGMA table_info("${table}")`).map((c) => [
      String(c.name),
      { type: String(c.type), notnull: Number(c.notnull), dflt: c.dflt_value, pk: Number(c.pk) },
    ]),
  );
}

export function sqliteIndexes(db: Database, table: string): Map<string, { unique: boolean; columns: string[] }> {
  return new Map(
    query(db, `PRAGMA index_list("${table}")`).map((i) => [
      String(i.name),
      { unique: Number(i.unique) === 1, columns: query(db, `PRAGMA index_info("${String(i.name)}")`).map((c) => String(c.name)) },
    ]),
  );
}

export function sqliteForeignKeys(db: Database, table: string): Array<{ from: string; table: string; to: string; onDelete: string }> {
  return query(db, `PRAGMA foreign_key_list("${table}")`).map((f) => ({
    from: String(f.from),
    table: String(f.table),
    to: String(f.to),
    onDelete: String(f.on_delete),
  }));
}
