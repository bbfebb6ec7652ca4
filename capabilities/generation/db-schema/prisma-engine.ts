/**
 * Prisma's own schema engine (`@prisma/prisma-schema-wasm`, the Wasm build of prisma-fmt that the
 * Prisma CLI and language server use), offline in this process: format (which also adds the missing
 * back-relation fields Prisma requires), validate, and the DMMF (the parsed data model).
 */
import { createRequire } from 'node:module';

interface PrismaSchemaWasm {
  format(schemas: string, params: string): string;
  validate(params: string): void;
  get_dmmf(params: string): string;
}

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const require = createRequire(import.meta.url);
let engine: PrismaSchemaWasm | undefined;
/** The engine reports a Rust panic through this global (Prisma's own wrapper installs it); without it a panic is an unrelated TypeError. */
interface PanicRegistry {
  message: string;
  set_message(message: string): void;
}
const globals = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry };

function wasm(): PrismaSchemaWasm {
  globals.PRISMA_WASM_PANIC_REGISTRY ??= {
    message: '',
    set_message(message: string) {
      this.message = message;
    },
  };
  return (engine ??= require('@prisma/prisma-schema-wasm') as PrismaSchemaWasm);
}

/** Runs an engine call; a panic becomes an Error carrying the engine's panic message. */
function call<T>(work: (engine: PrismaSchemaWasm) => T): T {
  const engineNow = wasm();
  try {
    return work(engineNow);
  } catch (error) {
    const panic = globals.PRISMA_WASM_PANIC_REGISTRY?.message;
    if (error instanceof Error && error.name === 'RuntimeError' && panic)
      throw new Error(`Prisma's schema engine panicked: ${panic}`, { cause: error });
    throw error;
  }
}

export interface DmmfField {
  name: string;
  kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  type: string;
  isRequired: boolean;
  isList: boolean;
  isUnique: boolean;
  isId: boolean;
  dbName: string | null;
  relationFromFields?: string[];
}

export interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

/** The schema formatted as `prisma format` does (same engine). */
export function formatPrismaSchema(schema: string, file = 'schema.prisma'): string {
  const out = JSON.parse(
    call((w) =>
      w.format(
        JSON.stringify([[file, schema]]),
        JSON.stringify({ textDocument: { uri: `file:/${file}` }, options: { tabSize: 2, insertSpaces: true } }),
      ),
    ),
  ) as Array<[string, string]>;
  return out[0]![1];
}

/** Validation errors as the engine reports them (without colours), or null when the schema is valid. */
export function prismaSchemaErrors(schema: string, file = 'schema.prisma'): string | null {
  try {
    call((w) => w.validate(JSON.stringify({ prismaSchema: [[file, schema]], noColorErrors: true })));
    return null;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    let message = text;
    try {
      message = (JSON.parse(text) as { message: string }).message;
    } catch {
      // not the engine's JSON error: keep the text
    }
    // The engine colours its messages even when asked not to.
    return message.replace(ANSI_COLOUR, '');
  }
}

/** The models of a valid schema as the engine parsed them. */
export function prismaModels(schema: string, file = 'schema.prisma'): DmmfModel[] {
  const dmmf = JSON.parse(call((w) => w.get_dmmf(JSON.stringify({ prismaSchema: [[file, schema]] })))) as {
    datamodel: { models: DmmfModel[] };
  };
  return dmmf.datamodel.models;
}
