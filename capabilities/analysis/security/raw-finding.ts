/** A finding as a per-file scanner produces it, before the file, CWE, category and options are applied. */
import type { Severity, SourceRange } from '../../../core/index.js';

export interface RawFinding {
  ruleId: string;
  range: SourceRange;
  message: string;
  /** Overrides the rule's default severity (e.g. a weak hash in a password context). */
  severity?: Severity;
  data?: Record<string, unknown>;
  /** A fix hint for this finding (the sink's model); the rule's fix otherwise. */
  fix?: string;
  /** Set when the finding is in another file than the one scanned: a sink reached through an imported function. */
  file?: string;
}
