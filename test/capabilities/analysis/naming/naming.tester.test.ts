import { meta } from '../../../../capabilities/analysis/naming.js';
import { metaTable, ruleTable, type RuleCase } from '../../support/rule-table.js';

const valid: RuleCase[] = [
  {
    name: 'camelCase with acronyms, leading underscore, $ prefix',
    ruleId: 'naming/variable-case',
    code: 'export function compute() {\n  let userID = 1;\n  const parseHTML = 2;\n  let _private = 3;\n  const $el = 4;\n  return userID + parseHTML + _private + $el;\n}\n',
  },
  {
    name: 'PascalCase values that are components or class-like',
    ruleId: 'naming/variable-case',
    file: 'src/Widgets.tsx',
    code: "import { memo, createContext } from 'react';\nexport function make() {\n  const Inner = () => <div />;\n  const Ctx = createContext(null);\n  const Memo = memo(Inner);\n  return [Inner, Ctx, Memo];\n}\n",
  },
  {
    name: 'an UPPER_CASE const of any value, a default value is not a declared name',
    ruleId: 'naming/variable-case',
    code: 'export function compute({ max = Infinity }: { max?: number }) {\n  const ALLOWED_TYPES = new Set(["a"]);\n  return ALLOWED_TYPES.size + max;\n}\n',
  },
  {
    name: 'a component function in PascalCase',
    ruleId: 'naming/function-case',
    file: 'src/Card.tsx',
    code: 'export function Card() {\n  return <div />;\n}\n',
  },
  {
    name: 'an old-style constructor function using this',
    ruleId: 'naming/function-case',
    code: 'export function Point(this: { x: number }, x: number) {\n  this.x = x;\n}\n',
  },
  {
    name: "a constructor function whose this is in an arrow function (the function's own this)",
    ruleId: 'naming/function-case',
    code: 'export function Counter(this: { n: number }) {\n  const inc = () => () => { this.n += 1; };\n  return inc;\n}\n',
  },
  {
    name: 'ambient declarations describe code declared elsewhere',
    ruleId: 'naming/variable-case',
    code: 'declare global {\n  var Some_Global: string;\n}\ndeclare module "x" {\n  export let other_thing: number;\n}\nexport {};\n',
  },
  {
    name: 'destructured names are not ours',
    ruleId: 'naming/parameter-case',
    code: 'export function compute({ user_id }: { user_id: number }) {\n  return user_id;\n}\n',
  },
  {
    name: 'Next.js route handlers named after HTTP methods',
    ruleId: 'naming/function-case',
    file: 'app/api/items/route.ts',
    code: 'export async function GET() {\n  return new Response("[]");\n}\nexport async function POST(request: Request) {\n  return new Response(await request.text());\n}\n',
  },
  {
    name: 'class-like module constants: a mongoose model, a required class behind a type assertion',
    ruleId: 'naming/constant-case',
    code: "import mongoose from 'mongoose';\nimport type Parser from 'tree-sitter';\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nexport const User = mongoose.model('User', new mongoose.Schema({ name: String }));\nexport const ParserClass = require('tree-sitter') as typeof Parser;\n",
  },
  {
    name: 'module constants in UPPER_CASE or camelCase, local literal consts in UPPER_CASE',
    ruleId: 'naming/constant-case',
    code: 'export const MAX_SIZE = 10;\nexport const defaultName = "x";\nexport function compute() {\n  const LIMIT = 5;\n  return LIMIT;\n}\n',
  },
  {
    ruleId: 'naming/type-case',
    code: 'export interface OrderRow { id: number }\nexport type HTTPMethod = "GET";\nexport class URLParser {}\nexport enum Color { Red }\n',
  },
  { ruleId: 'naming/enum-member-case', code: 'export enum Level { Low, HIGH_VALUE, Medium = 2 }\n' },
  {
    name: 'static readonly fields in UPPER_CASE, camelCase methods',
    ruleId: 'naming/member-case',
    code: 'export class Cart {\n  static readonly MAX_ITEMS = 10;\n  private items: string[] = [];\n  addItem(item: string) { this.items.push(item); }\n  constructor() {}\n}\n',
  },
  {
    name: 'kebab-case files, PascalCase components, camelCase hooks, one-word names',
    ruleId: 'naming/file-name',
    files: {
      'src/order-service.ts': 'export const a = 1;\n',
      'src/price-list.ts': 'export const b = 1;\n',
      'src/TaskList.tsx': 'export function TaskList() { return <ul />; }\n',
      'src/useTasks.ts': 'export function useTasks() { return []; }\n',
      'src/theme.ts': 'export const c = 1;\n',
      'src/order-service.test.ts': 'export const d = 1;\n',
    },
  },
  {
    name: "the project's dominant style (camelCase) wins",
    ruleId: 'naming/file-name',
    files: {
      'src/orderService.ts': 'export const a = 1;\n',
      'src/priceList.ts': 'export const b = 1;\n',
      'src/taxRules.ts': 'export const c = 1;\n',
    },
  },
  {
    name: 'one spelling across the project',
    ruleId: 'naming/inconsistent',
    files: {
      'src/a.ts': 'export function compute(orderId: number) { return orderId; }\n',
      'src/b.ts': 'export const echo = (orderId: number) => orderId;\n',
    },
  },
  {
    name: 'snake_case object keys do not count',
    ruleId: 'naming/inconsistent',
    files: {
      'src/a.ts': 'export const row = { order_id: 1 };\n',
      'src/b.ts': 'export function compute(orderId: number) { return orderId; }\n',
    },
  },
  {
    name: 'loop variables, lambda and catch parameters, x/y',
    ruleId: 'naming/meaningless',
    code: 'export function compute(xs: number[], x: number, y: number) {\n  for (let i = 0; i < xs.length; i++) {}\n  for (const k of xs) console.log(k);\n  try { JSON.parse("") } catch (e) { console.log(e); }\n  return xs.map((v) => v * x).sort((a, b) => a - b).length + y;\n}\n',
  },
  {
    name: 'specific names, h1 and s3',
    ruleId: 'naming/meaningless',
    code: 'export function compute() {\n  const order = 1;\n  const h1 = "title";\n  const s3 = "bucket";\n  return [order, h1, s3];\n}\n',
  },
];

const invalid: RuleCase[] = [
  { ruleId: 'naming/variable-case', line: 2, code: 'export function compute() {\n  let user_name = "a";\n  return user_name;\n}\n' },
  {
    ruleId: 'naming/variable-case',
    line: 2,
    name: 'PascalCase for an ordinary value',
    code: 'export function compute() {\n  const Total = 1 + Number("2");\n  return Total;\n}\n',
  },
  {
    ruleId: 'naming/variable-case',
    line: 2,
    name: 'UPPER_CASE is for constants, not let',
    code: 'export function compute() {\n  let MAX_TRIES = 3;\n  MAX_TRIES -= 1;\n  return MAX_TRIES;\n}\n',
  },
  { ruleId: 'naming/function-case', line: 1, code: 'export function Load_Orders() {\n  return [];\n}\n' },
  { ruleId: 'naming/function-case', line: 1, name: 'PascalCase without JSX', code: 'export function LoadOrders() {\n  return [];\n}\n' },
  {
    ruleId: 'naming/function-case',
    line: 1,
    name: 'PascalCase whose this belongs to a nested function or class',
    code: 'export function MakeRunner() {\n  class Runner { run() { return this; } }\n  return [Runner, function () { return this; }];\n}\n',
  },
  { ruleId: 'naming/parameter-case', line: 1, code: 'export function find(Order_Id: number) {\n  return Order_Id;\n}\n' },
  { ruleId: 'naming/constant-case', line: 1, code: 'export const max_retries = 3;\n' },
  {
    ruleId: 'naming/function-case',
    line: 1,
    name: 'an upper-case function that is not an HTTP method',
    code: 'export function FETCH() {\n  return [];\n}\n',
  },
  { ruleId: 'naming/type-case', line: 1, code: 'export interface order_row { id: number }\n' },
  { ruleId: 'naming/type-case', line: 1, name: 'a camelCase class', code: 'export class orderService {}\n' },
  { ruleId: 'naming/enum-member-case', line: 1, code: 'export enum Color { dark_red }\n' },
  { ruleId: 'naming/member-case', line: 2, code: 'export class Cart {\n  Add_Item() {}\n}\n' },
  {
    ruleId: 'naming/file-name',
    line: 1,
    inFile: 'src/OrderService.ts',
    name: 'a PascalCase non-component file in a kebab-case project',
    files: {
      'src/OrderService.ts': 'export class OrderService {}\n',
      'src/price-list.ts': 'export const a = 1;\n',
      'src/tax-rules.ts': 'export const b = 1;\n',
    },
  },
  {
    ruleId: 'naming/file-name',
    line: 1,
    file: 'src/order_service.ts',
    name: 'a configured style',
    input: { files: 'kebab-case' },
    code: 'export const a = 1;\n',
  },
  {
    ruleId: 'naming/inconsistent',
    line: 1,
    name: 'words split at capitals and acronyms',
    inFile: 'src/b.ts',
    files: {
      'src/a.ts':
        'export function parse(htmlParserId: number, otherHtmlParserId: number) { return htmlParserId + otherHtmlParserId; }\nexport const x = (htmlParserId: number) => htmlParserId;\n',
      'src/b.ts': 'export function other(html_parser_id: number) { return html_parser_id; }\n',
    },
  },
  {
    ruleId: 'naming/inconsistent',
    line: 1,
    inFile: 'src/c.ts',
    files: {
      'src/a.ts': 'export function compute(orderId: number) { return orderId; }\n',
      'src/b.ts': 'export const echo = (orderId: number) => orderId;\n',
      'src/c.ts': 'export function other(order_id: number) { return order_id; }\n',
    },
  },
  {
    ruleId: 'naming/meaningless',
    line: 2,
    code: 'export async function load() {\n  const data = await fetch("/orders");\n  return data;\n}\n',
  },
  {
    ruleId: 'naming/meaningless',
    line: 1,
    name: 'a single-letter parameter of a named function',
    code: 'export function area(w: number, h: number) {\n  return w * h;\n}\n',
    count: 2,
  },
  {
    ruleId: 'naming/meaningless',
    line: 2,
    name: 'a placeholder with a number',
    code: 'export function compute(list: number[]) {\n  const tmp2 = list.slice();\n  return tmp2;\n}\n',
  },
];

describe('capabilities/analysis/naming rules', () => {
  metaTable(meta.rules!, { valid, invalid });
  ruleTable(meta.id, { valid, invalid });
});
