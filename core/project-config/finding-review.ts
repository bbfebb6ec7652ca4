/**
 * What happens to a check's findings before anyone sees them: the rule policy (off, severity, caps),
 * generated files (by their header), then in-source suppressions. It remembers which suppressions were
 * used and which checks looked at which files, so that afterwards the suppressions themselves can be
 * reported (directive-findings.ts). One review per scan, or per step of a job.
 */
import type { Finding } from '../contracts/index.js';
import type { KnownRules } from './rule-ids.js';
import { patternCovers } from './rule-ids.js';
import type { RulePolicy } from './rule-policy.js';
import { GENERATED_MARKER, GENERATED_MARKER_LINES } from './scan-defaults.js';
import { parseDirectives, type Directive } from './suppressions.js';

export interface Suppression {
  kind: 'inSource';
  justification?: string;
  /** Where the suppressing comment is. */
  file: string;
  line: number;
}

export interface ReviewOutcome<F extends Finding> {
  kept: F[];
  suppressed: { finding: F; suppression: Suppression }[];
  /** Findings dropped by a rule set to "off" and by the generated-file header. */
  off: number;
  generated: number;
}

/** Reads files by path relative to the root; a file that cannot be read is left out of the map. */
export type ReadTexts = (files: string[]) => Promise<Map<string, string>>;

export interface ReviewOptions {
  policy: RulePolicy;
  generatedCode: boolean;
  known: KnownRules;
  read: ReadTexts;
}

function isGenerated(text: string): boolean {
  let end = 0;
  for (let i = 0; i < GENERATED_MARKER_LINES && end >= 0; i++) end = text.indexOf('\n', end + 1);
  return GENERATED_MARKER.test(end < 0 ? text : text.slice(0, end));
}

export class FindingReview {
  private readonly texts = new Map<string, string | undefined>();
  private readonly generated = new Map<string, boolean>();
  private readonly directives = new Map<string, Directive[]>();
  /** Directive -> the rule patterns of it that suppressed something. */
  readonly used = new Map<Directive, Set<string>>();
  /** The checks that ran, with the files each looked at. */
  readonly ran: { capabilityId: string; inScope: (file: string) => boolean }[] = [];

  constructor(readonly options: ReviewOptions) {}

  directivesOf(file: string, text?: string): Directive[] {
    let list = this.directives.get(file);
    const source = text ?? this.texts.get(file);
    if (!list && source !== undefined) {
      list = parseDirectives(file, source);
      this.directives.set(file, list);
    }
    return list ?? [];
  }

  private async load(files: string[]): Promise<void> {
    const missing = [...new Set(files)].filter((f) => !this.texts.has(f));
    if (missing.length === 0) return;
    const read = await this.options.read(missing);
    for (const file of missing) this.texts.set(file, read.get(file));
  }

  private isGeneratedFile(file: string): boolean {
    let generated = this.generated.get(file);
    if (generated === undefined) {
      const text = this.texts.get(file);
      generated = text !== undefined && isGenerated(text);
      this.generated.set(file, generated);
    }
    return generated;
  }

  private suppressionFor(finding: Finding): Suppression | undefined {
    for (const directive of this.directivesOf(finding.file)) {
      if (directive.kind === 'next-line' && directive.target !== finding.range.startLine) continue;
      const pattern = directive.rules.find((rule) => patternCovers(rule, finding.ruleId));
      if (pattern === undefined) continue;
      const used = this.used.get(directive) ?? new Set<string>();
      used.add(pattern);
      this.used.set(directive, used);
      return {
        kind: 'inSource',
        file: directive.file,
        line: directive.line,
        ...(directive.reason ? { justification: directive.reason } : {}),
      };
    }
    return undefined;
  }

  /** Reviews one check's findings; `inScope` says which files the check analysed (for unused suppressions). */
  async review<F extends Finding>(
    capabilityId: string,
    findings: readonly F[],
    inScope: (file: string) => boolean,
  ): Promise<ReviewOutcome<F>> {
    this.ran.push({ capabilityId, inScope });
    await this.load(findings.map((f) => f.file));
    const outcome: ReviewOutcome<F> = { kept: [], suppressed: [], off: 0, generated: 0 };
    for (const finding of findings) {
      const verdict = this.options.policy.verdict(finding);
      if (verdict.off) {
        outcome.off += 1;
        continue;
      }
      if (this.options.generatedCode && this.isGeneratedFile(finding.file)) {
        outcome.generated += 1;
        continue;
      }
      const judged = verdict.from
        ? { ...finding, severity: verdict.severity, data: { ...finding.data, originalSeverity: verdict.from } }
        : finding;
      const suppression = this.suppressionFor(judged);
      if (suppression) outcome.suppressed.push({ finding: judged, suppression });
      else outcome.kept.push(judged);
    }
    return outcome;
  }
}
