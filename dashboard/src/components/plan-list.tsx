/** A task job's plan as a numbered list, each planned step with the status of the step that ran it. */
import type { JobStep, PublicJob } from '../api/types.js';
import { StatusBadge } from './status-badge.js';

export function PlanList({ plan, steps }: { plan: NonNullable<PublicJob['plan']>; steps: JobStep[] }) {
  return (
    <section aria-labelledby="plan-title">
      <h2 id="plan-title">Plan</h2>
      <p>{plan.summary}</p>
      <ol class="plan">
        {plan.steps.map((planned) => {
          const step = steps[planned.index];
          return (
            <li key={planned.index}>
              <code>{planned.capability}</code> {planned.summary}{' '}
              {step ? <StatusBadge status={step.status} /> : planned.available ? null : <span class="badge">not built yet</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
