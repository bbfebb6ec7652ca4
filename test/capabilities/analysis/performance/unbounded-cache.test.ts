/**
 * performance/unbounded-cache fires only for a cache keyed by unbounded input with no eviction. The
 * negatives are the false alarms it used to raise: per-language tables (agentd's own parser and grammar
 * maps), keys from constant lists, enums and same-file functions that return literals.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleTable, runOnFiles, type RuleCase } from '../../support/rule-table.js';

const RULE = 'performance/unbounded-cache';
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

const valid: RuleCase[] = [
  {
    ruleId: RULE,
    name: 'a map keyed by a string-literal union declared in the file',
    code: "type Lang = 'ts' | 'js';\nconst parsers = new Map<Lang, object>();\nexport function parserFor(lang: Lang): object {\n  let p = parsers.get(lang);\n  if (!p) { p = {}; parsers.set(lang, p); }\n  return p;\n}\n",
  },
  {
    ruleId: RULE,
    name: 'a map keyed by an imported language type',
    code: "import type { SourceLanguage } from './languages.js';\nconst grammars = new Map<SourceLanguage, unknown>();\nexport function grammarFor(language: SourceLanguage): unknown {\n  if (!grammars.has(language)) grammars.set(language, {});\n  return grammars.get(language);\n}\n",
  },
  {
    ruleId: RULE,
    name: 'a string-keyed map whose key comes from a same-file function returning literals',
    code: "function parserName(file: string) {\n  if (file.endsWith('.tsx')) return 'tsx';\n  return file.endsWith('.ts') ? 'ts' : 'babel';\n}\nconst instances = new Map<string, object>();\nexport function instanceFor(file: string) {\n  const name = parserName(file);\n  if (!instances.has(name)) instances.set(name, {});\n  return instances.get(name);\n}\n",
  },
  {
    ruleId: RULE,
    name: 'a registry filled by a private helper called only with literals',
    file: 'src/errors.js',
    code: "const messages = new Map();\nfunction define(code, text) {\n  messages.set(code, text);\n  return code;\n}\ndefine('E_ONE', 'one');\ndefine('E_TWO', 'two');\nmodule.exports = { messages: () => messages.size };\n",
  },
  {
    ruleId: RULE,
    name: 'keys from a constant list, an enum member, Object.keys of a constant table',
    code: "const KINDS = ['a', 'b', 'c'] as const;\nconst TABLE = { x: 1, y: 2 };\nenum Level { Low, High }\nconst counts = new Map<string, number>();\nconst seen = new Set<unknown>();\nconst byLevel: Record<string, number> = {};\nexport function tally(n: number) {\n  for (const kind of KINDS) counts.set(kind, n);\n  Object.keys(TABLE).forEach((key) => seen.add(key));\n  byLevel[Level.High] = n;\n}\n",
  },
  {
    ruleId: RULE,
    name: 'a boolean key and a keyof key',
    code: 'const OPTIONS = { fast: 1, safe: 2 };\nconst byFlag = new Map<boolean, string>();\nconst byOption = new Map<keyof typeof OPTIONS, number>();\nexport function remember(flag: boolean, option: keyof typeof OPTIONS, value: string) {\n  byFlag.set(flag, value);\n  byOption.set(option, value.length);\n}\n',
  },
  {
    ruleId: RULE,
    name: 'a cache with a size check and no delete',
    code: 'const cache = new Map<string, string>();\nexport function load(id: string) {\n  if (cache.size >= 500) return id;\n  cache.set(id, id.toUpperCase());\n  return cache.get(id);\n}\n',
  },
];

const invalid: RuleCase[] = [
  {
    ruleId: RULE,
    line: 2,
    name: 'request data as the key',
    code: "import express from 'express';\nconst sessions = new Map<string, number>();\nconst app = express();\napp.get('/users/:id', (req, res) => {\n  sessions.set(req.params.id, Date.now());\n  res.end();\n});\n",
  },
  {
    ruleId: RULE,
    line: 1,
    name: "a private helper fed by an exported function's parameter",
    code: 'const seen = new Set<string>();\nfunction remember(file: string) {\n  seen.add(file);\n}\nexport function load(file: string) {\n  remember(file);\n  return seen.has(file);\n}\n',
  },
  {
    ruleId: RULE,
    line: 1,
    name: 'an untyped parse cache exported through module.exports',
    file: 'src/selectors.js',
    code: 'const selectorCache = new Map();\nfunction parse(source) {\n  if (selectorCache.has(source)) return selectorCache.get(source);\n  const result = { source };\n  selectorCache.set(source, result);\n  return result;\n}\nmodule.exports = { parse };\n',
  },
  {
    ruleId: RULE,
    line: 1,
    name: 'an id derived from a parameter in a template string',
    code: 'const results: Record<string, number> = {};\nexport function record(user: string, n: number) {\n  results[`${user}:${n}`] = n;\n}\n',
  },
  {
    ruleId: RULE,
    line: 2,
    name: 'a string-typed key although the map is typed by a union elsewhere',
    code: "type Kind = 'a' | 'b';\nconst byPath = new Map<string, Kind>();\nexport function classify(path: string, kind: Kind) {\n  byPath.set(path, kind);\n}\n",
  },
];

describe('capabilities/analysis/performance unbounded-cache', () => {
  ruleTable('analysis.performance', { valid, invalid });

  it("is silent on agentd's own per-language parser and grammar maps", async () => {
    const files = ['core/parsing/parse-source.ts', 'core/parsing/languages.ts', 'capabilities/refactoring/modernize/parser.ts'];
    const result = await runOnFiles(
      'analysis.performance',
      Object.fromEntries(files.map((f) => [f, readFileSync(path.join(REPO, f), 'utf8')])),
    );
    const hits = (result.findings ?? []).filter((f) => f.ruleId === RULE);
    expect(hits.map((f) => `${f.file}:${f.range.startLine}`)).to.deep.equal([]);
    // The maps are there and are grown inside functions, so silence is the key analysis, not a missed file.
    expect(files.map((f) => /new Map</.test(readFileSync(path.join(REPO, f), 'utf8')))).to.deep.equal([true, true, true]);
  });

  it('names the key in the message and data', async () => {
    const result = await runOnFiles('analysis.performance', { 'src/a.ts': invalid[0]!.code! });
    const hit = (result.findings ?? []).find((f) => f.ruleId === RULE)!;
    expect(hit.data).to.deep.include({ name: 'sessions', key: 'req.params.id' });
    expect(hit.message).to.contain("'req.params.id'");
  });
});
