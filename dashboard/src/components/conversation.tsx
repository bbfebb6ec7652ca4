/** A job's turns, and the follow-up form (refine or continue) while the job is not queued or running. */
import { useState } from 'preact/hooks';
import type { PublicJob } from '../api/types.js';
import { when } from '../format.js';

export function Conversation({ job, busy, onSend }: { job: PublicJob; busy: boolean; onSend(message: string): Promise<boolean> }) {
  const [message, setMessage] = useState('');
  const submit = async (event: Event) => {
    event.preventDefault();
    if (message.trim() && (await onSend(message.trim()))) setMessage('');
  };
  return (
    <section aria-labelledby="turns-title">
      <h2 id="turns-title">Conversation</h2>
      <ol class="turns">
        {job.turns.map((turn, i) => (
          <li key={i} class={`turn ${turn.role}`}>
            <strong>{turn.role}</strong> <span class="hint">{when(turn.at)}</span>
            <p>{turn.message}</p>
          </li>
        ))}
      </ol>
      {job.status !== 'running' && job.status !== 'queued' ? (
        <form class="followup" onSubmit={submit}>
          <label for="followup">Follow-up message (refines or continues the job)</label>
          <textarea id="followup" rows={3} maxLength={20000} value={message} onInput={(e) => setMessage(e.currentTarget.value)} />
          <button type="submit" disabled={busy || !message.trim()}>
            Send
          </button>
        </form>
      ) : null}
    </section>
  );
}
