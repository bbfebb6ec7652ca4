/**
 * The TypeORM target: an entity class (@Entity with the plural snake_case table, @Column per field
 * with its column name, type, nullability, uniqueness and default; @ManyToOne/@JoinColumn and
 * @ManyToMany/@JoinTable to entities the project has) in the project's entities folder, named as its
 * other entities are (User.ts or user.entity.ts).
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { kebabCase, renderTemplate } from '../kit/index.js';
import { spellingOf, type Column, type Dialect, type Model } from './model-spec.js';

export interface TypeormResult {
  path: string;
  content: string;
  notes: string[];
}

interface EntityFile {
  path: string;
  className: string;
}

const ON_DELETE = { cascade: 'CASCADE', 'set-null': 'SET NULL', restrict: 'RESTRICT' } as const;

/** The entities the project has (files with @Entity and an exported class) and the folder for a new one. */
async function projectEntities(ctx: CapabilityContext): Promise<{ dir: string; entities: EntityFile[]; nest: boolean }> {
  const files = await ctx.workspace.list({ extensions: ['.ts', '.js', '.mts'], exclude: ['node_modules/**', 'dist/**', '**/*.d.ts'] });
  const entities: EntityFile[] = [];
  let declaredDir: string | undefined;
  for (const file of files.sort()) {
    const text = await ctx.workspace.read(file);
    const className = /@Entity\([^)]*\)\s*export\s+class\s+([A-Za-z_$][\w$]*)/.exec(text)?.[1];
    if (className) entities.push({ path: file, className });
    declaredDir ??= /entities\s*:\s*\[\s*['"`]\.?\/?([^'"`*]+?)\/?(\*[^'"`]*)?['"`]/.exec(text)?.[1];
  }
  const first = entities[0];
  const dir = declaredDir ?? (first ? first.path.slice(0, first.path.lastIndexOf('/')) : 'src/entities');
  return { dir, entities, nest: entities.some((e) => e.path.endsWith('.entity.ts')) };
}

function columnOptions(column: Column, dialect: Dialect): string[] {
  const spelling = spellingOf(column.type);
  const sql = dialect === 'postgresql' ? spelling.pg : column.type === 'boolean' ? 'boolean' : spelling.sqlite;
  const sized = /^([a-z ]+)\((\d+)(?:,(\d+))?\)$/.exec(sql);
  const options = [`name: '${column.column}'`, `type: '${sized ? sized[1] : sql}'`];
  if (sized) options.push(sized[3] !== undefined ? `precision: ${sized[2]}, scale: ${sized[3]}` : `precision: ${sized[2]}`);
  if (column.nullable) options.push('nullable: true');
  if (column.unique) options.push('unique: true');
  if (column.default?.kind === 'now') options.push("default: () => 'CURRENT_TIMESTAMP'");
  else if (column.default)
    options.push(
      `default: ${typeof column.default.value === 'string' ? `'${column.default.value.replace(/'/g, "\\'")}'` : String(column.default.value)}`,
    );
  return options;
}

/** TypeScript type of a column as TypeORM hands it back (bigint and numeric come back as strings). */
function tsType(column: Column): string {
  const base = column.type === 'bigint' ? 'string' : spellingOf(column.type).ts;
  return column.nullable ? `${base} | null` : base;
}

export async function typeormEntityFor(ctx: CapabilityContext, model: Model, dialect: Dialect, requested?: string): Promise<TypeormResult> {
  const { dir, entities, nest } = await projectEntities(ctx);
  if (entities.some((e) => e.className === model.name))
    throw new AgentdError(
      'invalid_input',
      `name: the entity ${model.name} exists (${entities.find((e) => e.className === model.name)!.path})`,
      {
        details: [{ path: '/name', message: `${model.name} exists` }],
      },
    );
  const path = requested ?? `${dir}/${nest ? `${kebabCase(model.name)}.entity` : model.name}.ts`;
  const tsconfig = (await ctx.workspace.exists('tsconfig.json')) ? await ctx.workspace.read('tsconfig.json') : '';
  const jsSuffix = /"module(Resolution)?"\s*:\s*"node(16|next)"/i.test(tsconfig) ? '.js' : '';
  const notes: string[] = [];
  const decorators = new Set<string>(['Entity', 'Column']);
  const imports: string[] = [];
  const members: Array<{ decorators: string[]; property: string; type: string }> = [];
  const entityOf = (name: string): EntityFile | undefined =>
    name === model.name ? { path, className: name } : entities.find((e) => e.className === name);
  const importEntity = (entity: EntityFile): void => {
    if (entity.path === path) return;
    const from = relative(path, entity.path).replace(/\.(m?ts)$/, jsSuffix);
    const line = `import { ${entity.className} } from '${from}';`;
    if (!imports.includes(line)) imports.push(line);
  };
  for (const column of model.columns) {
    if (column.references && model.relations.some((r) => r.column === column)) continue;
    if (column.primary) {
      const generated = column.autoIncrement;
      decorators.add(generated ? 'PrimaryGeneratedColumn' : 'PrimaryColumn');
      members.push({
        decorators: [
          generated
            ? `@PrimaryGeneratedColumn({ name: '${column.column}' })`
            : `@PrimaryColumn({ ${columnOptions(column, dialect).join(', ')} })`,
        ],
        property: column.field,
        type: tsType(column),
      });
      continue;
    }
    members.push({
      decorators: [`@Column({ ${columnOptions(column, dialect).join(', ')} })`],
      property: column.field,
      type: tsType(column),
    });
  }
  for (const relation of model.relations) {
    const target = entityOf(relation.model);
    if (relation.kind === 'many-to-one') {
      const column = relation.column!;
      if (!target) {
        notes.push(
          `${relation.field}: no ${relation.model} entity in the project; wrote the ${column.column} column without the @ManyToOne relation`,
        );
        members.push({
          decorators: [`@Column({ ${columnOptions(column, dialect).join(', ')} })`],
          property: column.field,
          type: tsType(column),
        });
        continue;
      }
      importEntity(target);
      decorators.add('ManyToOne').add('JoinColumn');
      const options = [`nullable: ${column.nullable}`, `onDelete: '${ON_DELETE[column.references!.onDelete]}'`];
      members.push({
        decorators: [`@ManyToOne(() => ${target.className}, { ${options.join(', ')} })`, `@JoinColumn({ name: '${column.column}' })`],
        property: relation.field,
        type: column.nullable ? `${target.className} | null` : target.className,
      });
    } else if (relation.kind === 'many-to-many') {
      if (!target) {
        notes.push(`${relation.field}: no ${relation.model} entity in the project; the @ManyToMany relation is left out`);
        continue;
      }
      importEntity(target);
      decorators.add('ManyToMany').add('JoinTable');
      const join = relation.joinTable!;
      members.push({
        decorators: [
          `@ManyToMany(() => ${target.className})`,
          `@JoinTable({ name: '${join.table}', joinColumn: { name: '${join.left.column}' }, inverseJoinColumn: { name: '${join.right.column}' } })`,
        ],
        property: relation.field,
        type: `${target.className}[]`,
      });
    } else {
      notes.push(
        `${relation.field}: TypeORM's @OneToMany needs the @ManyToOne on ${relation.model} as its inverse side; add that relation there, then the @OneToMany here`,
      );
    }
  }
  const content = (
    await renderTemplate(ctx, 'db-schema', 'typeorm-entity.eta', {
      model,
      decorators: [...decorators].sort(),
      imports,
      members,
    })
  ).text;
  return { path, content, notes };
}

function relative(from: string, to: string): string {
  const a = from.split('/').slice(0, -1);
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.length - i;
  return `${up === 0 ? './' : '../'.repeat(up)}${b.slice(i).join('/')}`;
}
