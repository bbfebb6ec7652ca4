/**
 * Start a job: a capability with a form generated from its input schema, or a task in plain words for
 * the agent (in approval mode the plan and the staged diffs wait on the job's page for approval).
 */
import { useEffect, useState } from 'preact/hooks';
import { sendJson } from '../api/client.js';
import { capabilities as loadCapabilities } from '../api/capabilities.js';
import type { CapabilityMeta, PublicJob } from '../api/types.js';
import { ErrorBox } from '../components/error-box.js';
import { SchemaForm, inputOf, type FormValues } from '../components/schema-form.js';
import { go } from '../router.js';

export function NewJob() {
  const [kind, setKind] = useState<'capability' | 'task'>('capability');
  const [capabilities, setCapabilities] = useState<CapabilityMeta[]>([]);
  const [capability, setCapability] = useState('');
  const [values, setValues] = useState<FormValues>({});
  const [task, setTask] = useState('');
  const [workspace, setWorkspace] = useState('');
  const [mode, setMode] = useState<'approval' | 'auto'>('approval');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    loadCapabilities().then(setCapabilities, setError);
  }, []);
  const meta = capabilities.find((c) => c.id === capability);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const where = workspace.trim() ? { workspace: workspace.trim() } : {};
      const body = kind === 'task' ? { task, mode, ...where } : { capability, input: inputOf(meta?.inputSchema, values), mode, ...where };
      const job = await sendJson<PublicJob>('POST', '/jobs', body);
      go({ page: 'job', id: job.id });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main">
      <h1>New job</h1>
      <form class="new-job" onSubmit={submit}>
        <fieldset>
          <legend>What to run</legend>
          <label class="check">
            <input type="radio" name="kind" value="capability" checked={kind === 'capability'} onChange={() => setKind('capability')} /> A
            capability
          </label>
          <label class="check">
            <input type="radio" name="kind" value="task" checked={kind === 'task'} onChange={() => setKind('task')} /> A task for the agent
          </label>
        </fieldset>
        {kind === 'capability' ? (
          <>
            <div class="field">
              <label for="capability">Capability</label>
              <select
                id="capability"
                name="capability"
                required
                value={capability}
                onChange={(e) => {
                  setCapability(e.currentTarget.value);
                  setValues({});
                }}
              >
                <option value="">choose…</option>
                {capabilities.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.id} — {c.title}
                  </option>
                ))}
              </select>
              {meta ? (
                <p class="hint">
                  {meta.description}
                  {meta.writes ? ' Proposes file changes.' : ''}
                </p>
              ) : null}
            </div>
            {meta ? <SchemaForm schema={meta.inputSchema} values={values} onChange={setValues} /> : null}
          </>
        ) : (
          <div class="field">
            <label for="task">Task</label>
            <textarea
              id="task"
              name="task"
              rows={4}
              maxLength={20000}
              required
              value={task}
              placeholder="e.g. find security problems in src"
              onInput={(e) => setTask(e.currentTarget.value)}
            />
          </div>
        )}
        <div class="field">
          <label for="workspace">Workspace (relative to the daemon's workspace folder; empty for its root)</label>
          <input id="workspace" name="workspace" type="text" value={workspace} onInput={(e) => setWorkspace(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="mode">Changes</label>
          <select id="mode" name="mode" value={mode} onChange={(e) => setMode(e.currentTarget.value as 'approval' | 'auto')}>
            <option value="approval">wait for my approval</option>
            <option value="auto">apply without asking</option>
          </select>
        </div>
        <button type="submit" class="primary" disabled={busy}>
          Start
        </button>
      </form>
      <ErrorBox error={error} />
    </main>
  );
}
