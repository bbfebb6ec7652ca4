/** A job's artifacts; each downloads through the API with the credential (fetch, then a file). */
import { request } from '../api/client.js';
import type { ArtifactView } from '../api/types.js';

async function download(jobId: string, artifact: ArtifactView): Promise<void> {
  const response = await request('GET', `/jobs/${encodeURIComponent(jobId)}/artifacts/${artifact.index}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = artifact.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ArtifactList({ jobId, artifacts, onError }: { jobId: string; artifacts: ArtifactView[]; onError(error: unknown): void }) {
  return (
    <section aria-labelledby="artifacts-title">
      <h2 id="artifacts-title">Artifacts</h2>
      <ul>
        {artifacts.map((artifact) => (
          <li key={artifact.index}>
            <button type="button" class="link" onClick={() => void download(jobId, artifact).catch(onError)}>
              {artifact.name}
            </button>{' '}
            <span class="hint">
              {artifact.mediaType}, {artifact.size} characters
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
