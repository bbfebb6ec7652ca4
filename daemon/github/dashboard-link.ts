/**
 * The link to a job's page on the daemon's dashboard, for what the App writes on GitHub (task comments,
 * the pull requests it opens): `<github.publicUrl>/ui/#/jobs/<id>` when the dashboard is served
 * (server.dashboard) and the daemon's public URL is configured; else null, and the job id alone is given.
 */
export type JobLink = (jobId: string) => string | null;

export function jobLink(publicUrl: string | null, dashboard: boolean): JobLink {
  if (!publicUrl || !dashboard) return () => null;
  const base = `${publicUrl.replace(/\/+$/, '')}/ui/`;
  return (jobId) => `${base}#/jobs/${encodeURIComponent(jobId)}`;
}
