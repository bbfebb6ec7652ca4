/**
 * debugging.explain: plain-language explanations of an error from agentd's catalogue (Node ERR_* and
 * system errors, TypeScript diagnostics, runtime TypeErrors/ReferenceErrors, React/Next.js and library
 * errors; `explain/catalogue/`), each tied to the lines of this project that likely cause it.
 */
import { AgentdError, type CapabilityContext, type CapabilityMeta, type Finding, type StepResult } from '../../core/index.js';
import { dependenciesOf, explainMatches, matchErrors, type Explanation } from './explain/explain-error.js';
import { readSources } from './explain/project-lines.js';
import { errorTextOf, ERROR_INPUT_PROPERTIES, type ErrorInput } from './explain/error-input.js';
import { PLANNING } from './explain/planning.js';

export const meta: CapabilityMeta = {
  id: 'debugging.explain',
  group: 'debugging',
  title: 'Explain an error',
  description:
    'Explains an error message, stack trace or tsc output in plain language from a catalogue of common Node, system, TypeScript, runtime, React/Next.js and library errors, with likely causes, fixes and the project lines involved.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    properties: { ...ERROR_INPUT_PROPERTIES, maxEntries: { type: 'integer', minimum: 1, maximum: 50 } },
    additionalProperties: false,
  },
  writes: false,
  planning: PLANNING,
};

export async function run(input: ErrorInput & { maxEntries?: number }, ctx: CapabilityContext): Promise<StepResult> {
  const text = errorTextOf(input, ctx);
  if (!text)
    throw new AgentdError(
      'invalid_input',
      'debugging.explain needs an error: pass `error` (a message, stack trace or tsc output) or run it after debugging.diagnose.',
    );
  const matches = matchErrors(text).slice(0, input.maxEntries ?? 10);
  const sources = await readSources(ctx, input.include, input.exclude);
  const explanations = explainMatches(matches, text, ctx.workspace.root, sources.files, await dependenciesOf(ctx, sources.files));
  const findings = explanations.flatMap(findingOf);
  if (explanations.length === 0) {
    return {
      summary: `No entry of the error catalogue matches this error; nothing explained (first line: ${JSON.stringify(text.split('\n')[0]!.slice(0, 120))}).`,
      findings: [],
      data: { explanations: [], matched: false },
    };
  }
  const first = explanations[0]!;
  const more = explanations.length > 1 ? ` (+${explanations.length - 1} more)` : '';
  const where = first.projectLines[0] ? `; likely at ${first.projectLines[0].file}:${first.projectLines[0].line}` : '';
  return {
    summary: `${first.title} [${first.category}]: ${first.explanation.split('. ')[0]!.replace(/\.$/, '')}${where}${more}.`,
    findings,
    data: { explanations, matched: true },
  };
}

function findingOf(e: Explanation): Finding[] {
  const line = e.projectLines[0];
  if (!line) return [];
  return [
    {
      ruleId: `debugging/${e.id}`,
      severity: 'info',
      file: line.file,
      range: { startLine: line.line, startColumn: line.column, endLine: line.line, endColumn: line.column },
      message: `${e.title}: this line may cause it. ${e.fixes[0] ?? ''}`.trim(),
      data: { category: e.category },
    },
  ];
}
