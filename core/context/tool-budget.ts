/** The job's tool-call budget: every tool call and workspace read/list is counted before it runs. */
import type { ToolBudget } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';

class CountingBudget implements ToolBudget {
  constructor(
    readonly max: number,
    private count_: number,
  ) {}

  get used(): number {
    return this.count_;
  }

  count(what: string): void {
    if (this.count_ >= this.max) {
      throw new AgentdError(
        'tool_call_limit',
        `Tool call "${what}" would exceed the job's limit of ${this.max} tool calls; raise limits.maxToolCalls or narrow the job.`,
      );
    }
    this.count_ += 1;
  }
}

export function createToolBudget(max: number, used = 0): ToolBudget {
  return new CountingBudget(max, used);
}
