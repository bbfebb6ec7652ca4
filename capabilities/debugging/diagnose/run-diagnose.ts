/** debugging.diagnose's work, loaded on first use (see ../diagnose.ts). */
import { AgentdError, type CapabilityContext, type Finding, type StepResult } from '../../../core/index.js';
import { codeFrame } from '../explain/code-frame.js';
import { bestMatch } from '../explain/match-error.js';
import { errorTextOf, type ErrorInput } from '../explain/error-input.js';
import { dependenciesOf, explainMatches, matchErrors, type Explanation } from '../explain/explain-error.js';
import { readSources } from '../explain/project-lines.js';
import { headlineOf } from './headline.js';
import { resolveLocations, type ResolvedFrame } from './resolve-frames.js';
import { nameSuspects, nullAccessSuspects, type Suspect } from './suspects.js';
import { callTargetCandidates, TEST_FILE, type CallTargetCandidate } from './test-call-targets.js';
import { throwSites } from './throw-sites.js';

type Location = {
  file: string;
  line: number;
  column: number;
  generated?: { file: string; line: number; column: number };
  /** `call-target`: the stack named only test files; the line is ranked among what the failing test calls. */
  via?: 'call-target';
};

/** Categories whose throw site is where the code reported a rejection or a wrong value, not where it went wrong. */
const REPORTED_NOT_CAUSED = new Set(['assertion', 'invalid-value']);

export async function runDiagnose(input: ErrorInput, ctx: CapabilityContext): Promise<StepResult> {
  const given = errorTextOf(input, ctx);
  // A symbol alone ("why does priceOrder throw?" without the error) is enough: the function is read instead.
  if (!given && !input.symbol)
    throw new AgentdError(
      'invalid_input',
      'debugging.diagnose needs an error: pass `error` (a message, stack trace, test failure or tsc output), or `symbol` to read a function instead.',
    );
  const text = given ?? '';
  const headline = headlineOf(text);
  const resolved = await resolveLocations(ctx, text);
  const sources = await readSources(ctx, input.include, input.exclude);
  const matches = matchErrors(text);
  // "Why does priceOrder throw?": no error to read, a function to read instead.
  if (input.symbol && !input.error && matches.length === 0 && resolved.frames.length === 0)
    return staticDiagnosis(input.symbol, text, sources.files);
  const explanations = explainMatches(
    matches.slice(0, 5),
    text,
    ctx.workspace.root,
    sources.files,
    await dependenciesOf(ctx, sources.files),
    3,
  );
  // A failing test whose own error is an assertion the catalogue has no entry for: its category is the
  // assertion's, and what the catalogue matched elsewhere in the output (another failure) stays as other explanations.
  const ownAssertion = headline.name === 'AssertionError' && bestMatch(`${headline.name}: ${headline.message}`) === null;
  const explanation: Explanation | null = ownAssertion ? null : (explanations[0] ?? null);
  ctx.progress(60, 'located');

  const projectFrames = resolved.frames.filter((f) => f.inWorkspace);
  // The deepest project frame outside test files; a test file's frame only when the stack has no other.
  const testFrame = projectFrames.find((f) => TEST_FILE.test(f.file)) ?? null;
  const sourceFrames = projectFrames.filter((f) => !TEST_FILE.test(f.file));
  let failing: ResolvedFrame | null = sourceFrames[0] ?? projectFrames[0] ?? null;
  const ownCategory = explanation?.category ?? (headline.name === 'AssertionError' ? 'assertion' : 'unknown');
  // A failing test with no source frame (or a rejection reported by a generic throw): rank what the test calls.
  let callTargets: CallTargetCandidate[] = [];
  if (testFrame && (sourceFrames.length === 0 || REPORTED_NOT_CAUSED.has(ownCategory))) {
    callTargets = await callTargetCandidates(ctx, testFrame).catch(() => []);
    const best = sourceFrames.length === 0 ? callTargets[0] : callTargets.find((c) => c.rank === 'named');
    if (best) {
      const source = await ctx.workspace.read(best.file).catch(() => null);
      failing = { file: best.file, line: best.line, column: best.column, kind: 'mention', source, inWorkspace: true };
    }
  }
  const viaCallTarget =
    failing !== null && failing.kind === 'mention' && callTargets.some((c) => c.file === failing!.file && c.line === failing!.line);
  if (!failing && input.file && (await ctx.workspace.exists(input.file))) {
    const source = await ctx.workspace.read(input.file);
    failing = { file: input.file, line: input.line ?? 1, column: input.column ?? 1, kind: 'mention', source, inWorkspace: true };
  }
  const location: Location | null = failing
    ? {
        file: failing.file,
        line: failing.line,
        column: failing.column,
        ...(failing.generated ? { generated: failing.generated } : {}),
        ...(viaCallTarget ? { via: 'call-target' as const } : {}),
      }
    : null;
  const frame = failing?.source ? codeFrame(failing.source, failing.line, failing.column) : '';
  const suspects = [
    ...(failing && !viaCallTarget
      ? suspectsFor(
          explanation,
          failing,
          projectFrames.filter((f) => f !== failing),
          sources.files,
        )
      : explanation
        ? namedSuspects(explanation, sources.files)
        : []),
    ...callTargets.map(({ rank: _rank, ...c }) => c),
  ];
  const category = ownCategory;

  const findings: Finding[] = [];
  if (location) {
    findings.push({
      ruleId: `debugging/${category}`,
      severity: 'high',
      file: location.file,
      range: { startLine: location.line, startColumn: location.column, endLine: location.line, endColumn: location.column },
      message: `${headline.name ? `${headline.name}: ` : ''}${headline.message}`.slice(0, 300),
      data: { category, ...(explanation ? { explanation: explanation.id } : {}) },
    });
  }
  for (const s of suspects) {
    findings.push({
      ruleId: `debugging/suspect-${s.role}`,
      severity: 'info',
      file: s.file,
      range: { startLine: s.line, startColumn: s.column, endLine: s.line, endColumn: s.column },
      message: s.note,
    });
  }
  const data = {
    error: text,
    kind: headline.kind,
    name: headline.name,
    message: headline.message,
    ...(headline.test ? { test: headline.test } : {}),
    ...(testFrame ? { testLocation: { file: testFrame.file, line: testFrame.line, column: testFrame.column } } : {}),
    category,
    location,
    codeFrame: frame,
    frames: resolved.frames.map(({ source: _source, ...f }) => f),
    externalFrames: resolved.external,
    unresolvedLocations: resolved.unresolved.map((l) => `${l.path}:${l.line}${l.column ? `:${l.column}` : ''}`),
    explanation,
    otherExplanations: ownAssertion ? explanations : explanations.slice(1),
    suspects,
  };
  return { summary: summaryOf(headline.name, headline.message, category, location, suspects, explanation), findings, data };
}

function suspectsFor(
  explanation: Explanation | null,
  failing: ResolvedFrame,
  callers: ResolvedFrame[],
  sources: Map<string, string>,
): Suspect[] {
  if (!explanation) return [];
  if (explanation.category === 'null-access') {
    // "(reading 'x')": the property is the last name the message quotes; Firefox's "a.b is undefined" names the object.
    const property =
      explanation.id === 'runtime/read-property-of-undefined' || explanation.id === 'runtime/set-property-of-undefined'
        ? (explanation.names[1] ?? null)
        : null;
    return nullAccessSuspects(failing, property, callers, sources);
  }
  return namedSuspects(explanation, sources);
}

function namedSuspects(explanation: Explanation, sources: Map<string, string>): Suspect[] {
  if (['undefined-name', 'not-a-function', 'wrong-import'].includes(explanation.category)) {
    const name = explanation.names.find((n) => /^[A-Za-z_$][\w$.]*$/.test(n) && !['undefined', 'null'].includes(n));
    return name ? nameSuspects(name, sources) : [];
  }
  return [];
}

function summaryOf(
  name: string | null,
  message: string,
  category: string,
  location: Location | null,
  suspects: Suspect[],
  explanation: Explanation | null,
): string {
  const what = `${name ? `${name}: ` : ''}${message}`.slice(0, 160);
  const where = location
    ? ` at ${location.file}:${location.line}:${location.column}${location.generated ? ` (mapped from ${location.generated.file}:${location.generated.line}:${location.generated.column})` : ''}${location.via ? ' (the likely cause among what the failing test calls)' : ''}`
    : ' (no location of this project in the error)';
  const about = explanation ? ` — ${category}: ${explanation.title.toLowerCase()}` : ` — ${category}`;
  const lead = suspects
    .filter((s) => s.role !== 'failing-expression')
    .slice(0, 2)
    .map((s) => `${s.note} (${s.file}:${s.line})`);
  const first = suspects.find((s) => s.role === 'failing-expression');
  return `${what}${where}${about}${first ? `; ${first.note}` : ''}${lead.length ? `; ${lead.join('; ')}` : ''}.`;
}

function staticDiagnosis(symbol: string, text: string, sources: Map<string, string>): StepResult {
  const sites = throwSites(symbol, sources);
  if (sites.declarations.length === 0) {
    throw new AgentdError(
      'invalid_input',
      `debugging.diagnose: no function named "${symbol}" in the project's sources and no error to read; paste the error or the stack trace.`,
    );
  }
  const risky = sites.suspects.filter((s) => s.role === 'throw-site' || s.role === 'non-null-assertion');
  const decl = sites.declarations[0]!;
  const findings: Finding[] = risky.map((s) => ({
    ruleId: `debugging/suspect-${s.role}`,
    severity: 'medium',
    file: s.file,
    range: { startLine: s.line, startColumn: s.column, endLine: s.line, endColumn: s.column },
    message: s.note,
  }));
  const callers = sites.suspects.filter((s) => s.role === 'caller').length;
  const summary = `No error was given, so ${symbol} (${decl.file}:${decl.line}) was read instead: ${risky.length === 0 ? 'it has no throw statement and no non-null assertion; paste the error or stack trace to locate the failure' : `it can throw at ${risky.map((s) => `${s.file}:${s.line} (${s.note.split(';')[0]})`).join(', ')}`}; ${callers} call site(s).`;
  return {
    summary,
    findings,
    data: {
      error: null,
      description: text || null,
      kind: 'static',
      symbol,
      category: 'unknown',
      location: null,
      declarations: sites.declarations,
      suspects: sites.suspects,
    },
  };
}
