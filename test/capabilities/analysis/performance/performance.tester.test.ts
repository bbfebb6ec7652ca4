import { meta } from '../../../../capabilities/analysis/performance.js';
import { metaTable, ruleTable, type RuleCase } from '../../support/rule-table.js';

const valid: RuleCase[] = [
  {
    name: 'nested loops over different collections',
    ruleId: 'performance/nested-loop-same-collection',
    code: 'export function pairs(a: number[], b: number[]) {\n  for (const x of a) for (const y of b) console.log(x, y);\n}\n',
  },
  {
    name: "searching a Set, a small constant list, the item's own list",
    ruleId: 'performance/linear-search-in-loop',
    code: 'const KINDS = ["a", "b", "c"];\nexport function f(items: { tags: string[]; kind: string }[], wanted: Set<string>) {\n  for (const item of items) {\n    if (wanted.has(item.kind) && KINDS.includes(item.kind) && item.tags.includes("x")) console.log(item);\n  }\n}\n',
  },
  {
    name: 'a loop over a few constants searching a list',
    ruleId: 'performance/linear-search-in-loop',
    code: 'const CONFIGS = ["a.json", "b.json"];\nexport function pick(files: string[]) {\n  const first = ["tsconfig.json", "jsconfig.json"].find((f) => files.includes(f));\n  for (const c of CONFIGS) if (files.includes(c)) return c;\n  return first;\n}\n',
  },
  {
    name: 'a list built inside the loop, though the same name is a parameter elsewhere',
    ruleId: 'performance/linear-search-in-loop',
    code: 'export function a(parts: string[]) { return parts.length; }\nexport function b(rows: { cells: string[] }[]) {\n  for (const row of rows) {\n    const parts = row.cells.slice(1);\n    if (parts.includes("x")) console.log(row);\n  }\n}\n',
  },
  {
    name: 'a string search inside a loop',
    ruleId: 'performance/linear-search-in-loop',
    code: 'export function f(lines: string[], word: string) {\n  return lines.filter((line) => line.includes(word));\n}\n',
  },
  {
    name: 'an effect that cleans up its listener',
    ruleId: 'performance/unremoved-listener',
    file: 'src/Size.tsx',
    code: "import { useEffect } from 'react';\nexport function Size() {\n  useEffect(() => {\n    const onResize = () => undefined;\n    window.addEventListener('resize', onResize);\n    return () => window.removeEventListener('resize', onResize);\n  }, []);\n  return <div />;\n}\n",
  },
  {
    name: 'a listener on an element, a once listener, a module-level one',
    ruleId: 'performance/unremoved-listener',
    code: "process.on('SIGTERM', () => process.exit(0));\nexport function wire(button: HTMLElement) {\n  button.addEventListener('click', () => undefined);\n  window.addEventListener('load', () => undefined, { once: true });\n}\n",
  },
  {
    name: 'an interval that is cleared',
    ruleId: 'performance/uncleared-interval',
    code: 'export function poll(fn: () => void) {\n  const id = setInterval(fn, 1000);\n  return () => clearInterval(id);\n}\nsetInterval(() => undefined, 60000);\n',
  },
  {
    name: 'a cache that evicts, and an exported registry',
    ruleId: 'performance/unbounded-cache',
    code: 'const cache = new Map<string, number>();\nexport const registry = new Map<string, number>();\nexport function get(key: string) {\n  if (cache.size > 100) cache.clear();\n  cache.set(key, 1);\n  registry.set(key, 1);\n  return cache.get(key);\n}\n',
  },
  {
    name: 'one query with the ids, and an await in a loop that is not a query',
    ruleId: 'performance/n-plus-one-query',
    code: 'export async function load(db: any, ids: number[], sleep: (n: number) => Promise<void>) {\n  const rows = await db.query("SELECT id FROM t WHERE id = ANY($1)", [ids]);\n  for (const id of ids) await sleep(id);\n  return rows;\n}\n',
  },
  {
    ruleId: 'performance/select-star',
    code: 'export const q = "SELECT id, name FROM users WHERE id = $1";\nexport const c = "SELECT count(*) FROM users";\n',
  },
  {
    name: 'code and prose that mention SELECT * (a rule example, a message)',
    ruleId: 'performance/select-star',
    code: 'export const bad = "db.query(\'SELECT * FROM orders\')";\nexport const msg = "SELECT * reads every column; list the columns you use.";\n',
  },
  {
    name: 'strings that mention select but are not queries',
    ruleId: 'performance/unbounded-query',
    code: 'export const title = "SELECT *";\nexport const words = ["query", "select", "database"];\nexport const msg = "Select a file from the list";\n',
  },
  {
    name: 'filtered, limited and aggregate queries',
    ruleId: 'performance/unbounded-query',
    code: 'export const a = "SELECT id FROM users WHERE id = $1";\nexport const b = "SELECT id FROM users ORDER BY id LIMIT 20";\nexport const c = "SELECT count(*) FROM users";\nexport const d = (prisma: any) => prisma.user.findMany({ take: 20 });\n',
  },
  {
    name: 'per-method lodash import in a React file',
    ruleId: 'performance/whole-library-import',
    file: 'src/Search.tsx',
    code: "import debounce from 'lodash/debounce';\nexport const Search = () => <input onChange={debounce(() => undefined, 300)} />;\n",
  },
  {
    name: 'whole lodash on a server (no browser bundle)',
    ruleId: 'performance/whole-library-import',
    code: "import _ from 'lodash';\nexport const f = (xs: number[]) => _.uniq(xs);\n",
  },
  {
    name: 'inline props to a component that is not memoised',
    ruleId: 'performance/inline-jsx-prop',
    file: 'src/App.tsx',
    code: 'function Child(props: { style: object; onClick: () => void }) { return <div />; }\nexport function App() {\n  return <Child style={{ color: "red" }} onClick={() => undefined} />;\n}\n',
  },
  {
    ruleId: 'performance/missing-key',
    file: 'src/List.tsx',
    code: 'export function List({ items }: { items: { id: string; title: string }[] }) {\n  return <ul>{items.map((item) => <li key={item.id}>{item.title}</li>)}</ul>;\n}\n',
  },
  {
    name: 'memoised sorting',
    ruleId: 'performance/missing-memoization',
    file: 'src/List.tsx',
    code: "import { useMemo } from 'react';\nexport function List({ items }: { items: number[] }) {\n  const sorted = useMemo(() => [...items].sort(), [items]);\n  const onClick = () => items.filter(Boolean).map(String);\n  return <ul onClick={onClick}>{sorted.length}</ul>;\n}\n",
  },
  {
    name: 'complete dependencies; setters and refs are stable',
    ruleId: 'performance/effect-missing-dependency',
    file: 'src/User.tsx',
    code: "import { useEffect, useRef, useState } from 'react';\nexport function User({ id }: { id: string }) {\n  const [name, setName] = useState('');\n  const seen = useRef(0);\n  useEffect(() => {\n    seen.current += 1;\n    setName(id);\n  }, [id]);\n  return <p>{name}</p>;\n}\n",
  },
  {
    name: 'primitive dependencies',
    ruleId: 'performance/unstable-dependency',
    file: 'src/Page.tsx',
    code: "import { useEffect } from 'react';\nexport function Page({ page }: { page: number }) {\n  useEffect(() => {\n    console.log({ page });\n  }, [page]);\n  return <p />;\n}\n",
  },
];

const invalid: RuleCase[] = [
  {
    ruleId: 'performance/nested-loop-same-collection',
    line: 3,
    code: 'export function dupes(orders: { c: string }[]) {\n  for (const a of orders) {\n    for (const b of orders) if (a !== b && a.c === b.c) console.log(a);\n  }\n}\n',
  },
  {
    ruleId: 'performance/nested-loop-same-collection',
    line: 2,
    name: 'nested iteration callbacks',
    code: 'export const dupes = (xs: number[]) =>\n  xs.filter((x) => xs.some((y) => y === x)).length;\n',
  },
  {
    ruleId: 'performance/linear-search-in-loop',
    line: 3,
    code: 'export function keep(ids: string[], selected: string[]) {\n  for (const id of ids) {\n    if (selected.includes(id)) console.log(id);\n  }\n}\n',
  },
  {
    ruleId: 'performance/linear-search-in-loop',
    line: 2,
    name: 'find inside map',
    code: 'export const join = (orders: { userId: string }[], users: { id: string }[]) =>\n  orders.map((o) => users.find((u) => u.id === o.userId));\n',
  },
  {
    ruleId: 'performance/unremoved-listener',
    line: 4,
    file: 'src/Size.tsx',
    code: "import { useEffect } from 'react';\nexport function Size() {\n  useEffect(() => {\n    window.addEventListener('resize', () => undefined);\n  }, []);\n  return <div />;\n}\n",
  },
  {
    ruleId: 'performance/unremoved-listener',
    line: 2,
    name: 'a global listener added per call',
    code: "export function track() {\n  document.addEventListener('scroll', () => undefined);\n}\n",
  },
  {
    ruleId: 'performance/uncleared-interval',
    line: 3,
    file: 'src/Clock.tsx',
    code: "import { useEffect } from 'react';\nexport function Clock() {\n  useEffect(() => { setInterval(() => undefined, 1000); }, []);\n  return <p />;\n}\n",
  },
  {
    ruleId: 'performance/uncleared-interval',
    line: 2,
    name: 'kept but never cleared',
    code: 'export function start() {\n  const timer = setInterval(() => undefined, 1000);\n  return timer;\n}\n',
  },
  {
    ruleId: 'performance/unbounded-cache',
    line: 1,
    code: 'const cache = new Map<string, string>();\nexport function load(id: string) {\n  if (!cache.has(id)) cache.set(id, id.toUpperCase());\n  return cache.get(id);\n}\n',
  },
  {
    ruleId: 'performance/unbounded-cache',
    line: 1,
    name: 'an array log',
    code: 'const seen: string[] = [];\nexport function visit(url: string) {\n  seen.push(url);\n}\n',
  },
  {
    ruleId: 'performance/n-plus-one-query',
    line: 3,
    code: 'export async function save(db: any, orderId: number, lines: { sku: string }[]) {\n  for (const line of lines) {\n    await db.query("INSERT INTO lines VALUES ($1, $2)", [orderId, line.sku]);\n  }\n}\n',
  },
  {
    ruleId: 'performance/n-plus-one-query',
    line: 2,
    name: 'an ORM call in Promise.all(map)',
    code: 'export const users = (prisma: any, ids: string[]) =>\n  Promise.all(ids.map(async (id) => await prisma.user.findUnique({ where: { id } })));\n',
  },
  { ruleId: 'performance/select-star', line: 1, code: 'export const q = "SELECT * FROM users WHERE id = $1";\n' },
  { ruleId: 'performance/unbounded-query', line: 1, code: 'export const all = "SELECT id, name FROM users ORDER BY name";\n' },
  {
    ruleId: 'performance/unbounded-query',
    line: 1,
    name: 'ORM findMany without take',
    code: 'export const all = (prisma: any) => prisma.user.findMany();\n',
  },
  {
    ruleId: 'performance/whole-library-import',
    line: 1,
    file: 'src/Search.tsx',
    code: "import _ from 'lodash';\nexport const Search = () => <input onChange={_.debounce(() => undefined, 300)} />;\n",
  },
  {
    ruleId: 'performance/whole-library-import',
    line: 1,
    name: 'moment in browser code',
    input: { browser: 'yes' },
    code: "import moment from 'moment';\nexport const today = () => moment().format('LL');\n",
  },
  {
    ruleId: 'performance/inline-jsx-prop',
    line: 3,
    inFile: 'src/App.tsx',
    files: {
      'src/App.tsx': "import { Chart } from './Chart';\nexport function App() {\n  return <Chart options={{ animate: false }} />;\n}\n",
      'src/Chart.tsx':
        "import { memo } from 'react';\nexport const Chart = memo(function Chart(props: { options: object }) { return <canvas />; });\n",
    },
  },
  {
    ruleId: 'performance/missing-key',
    line: 2,
    file: 'src/List.tsx',
    code: 'export function List({ items }: { items: string[] }) {\n  return <ul>{items.map((item) => <li>{item}</li>)}</ul>;\n}\n',
  },
  {
    ruleId: 'performance/missing-key',
    line: 3,
    file: 'src/List.tsx',
    name: 'a fragment from a block body',
    code: 'export function List({ items }: { items: string[] }) {\n  return <dl>{items.map((item) => {\n    return <><dt>{item}</dt><dd>{item}</dd></>;\n  })}</dl>;\n}\n',
  },
  {
    ruleId: 'performance/missing-memoization',
    line: 2,
    file: 'src/List.tsx',
    code: 'export function List({ tasks }: { tasks: { done: boolean; title: string }[] }) {\n  const open = tasks.filter((t) => !t.done).map((t) => t.title);\n  return <ul>{open.length}</ul>;\n}\n',
  },
  {
    ruleId: 'performance/effect-missing-dependency',
    line: 5,
    file: 'src/User.tsx',
    code: "import { useEffect } from 'react';\nexport function User({ userId, load }: { userId: string; load: (id: string) => void }) {\n  useEffect(() => {\n    load(userId);\n  }, [load]);\n  return <p />;\n}\n",
  },
  {
    ruleId: 'performance/effect-missing-dependency',
    line: 4,
    name: 'useCallback in a custom hook',
    code: "import { useCallback, useState } from 'react';\nexport function useCounter(step: number) {\n  const [count, setCount] = useState(0);\n  const next = useCallback(() => setCount(count + step), [count]);\n  return next;\n}\n",
  },
  {
    ruleId: 'performance/unstable-dependency',
    line: 4,
    file: 'src/Page.tsx',
    code: "import { useEffect } from 'react';\nexport function Page({ page }: { page: number }) {\n  const query = { page };\n  useEffect(() => { console.log(query); }, [query]);\n  return <p />;\n}\n",
  },
];

describe('capabilities/analysis/performance rules', () => {
  metaTable(meta.rules!, { valid, invalid });
  ruleTable(meta.id, { valid, invalid });
});
