/**
 * The dashboard's shell: decides whether the daemon wants credentials (GET /stats without any), shows
 * the sign-in form or the pages, and the navigation. Hash routes keep it one page served by the daemon.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { request, whenUnauthorized } from './api/client.js';
import { forgetCredential, readCredential } from './api/credential.js';
import { Login } from './pages/login.js';
import { Overview } from './pages/overview.js';
import { Jobs } from './pages/jobs.js';
import { JobDetail } from './pages/job-detail.js';
import { NewJob } from './pages/new-job.js';
import { Reports } from './pages/reports.js';
import { useRoute, type Route } from './router.js';

type Access = 'checking' | 'open' | 'signed-in' | 'needs-sign-in';

async function probe(): Promise<Access> {
  try {
    await request('GET', '/stats', undefined, null);
    return 'open';
  } catch {
    if (!readCredential()) return 'needs-sign-in';
    try {
      await request('GET', '/stats', undefined, readCredential());
      return 'signed-in';
    } catch {
      forgetCredential();
      return 'needs-sign-in';
    }
  }
}

function Page({ route }: { route: Route }) {
  if (route.page === 'jobs') return <Jobs />;
  if (route.page === 'job') return <JobDetail id={route.id} />;
  if (route.page === 'new') return <NewJob />;
  if (route.page === 'reports') return <Reports />;
  return <Overview />;
}

/** The skip link moves focus without touching the hash (the hash is the route). */
function skipToContent(event: Event): void {
  event.preventDefault();
  const main = document.getElementById('main');
  main?.setAttribute('tabindex', '-1');
  main?.focus();
}

function App() {
  const [access, setAccess] = useState<Access>('checking');
  const route = useRoute();
  useEffect(() => {
    whenUnauthorized(() => setAccess('needs-sign-in'));
    void probe().then(setAccess);
  }, []);
  useEffect(() => {
    const titles = { overview: 'Overview', jobs: 'Jobs', job: 'Job', new: 'New job', reports: 'Reports' };
    document.title = `${titles[route.page]} · agentd`;
  }, [route.page]);
  if (access === 'checking')
    return (
      <main id="main">
        <p>Connecting to the daemon…</p>
      </main>
    );
  if (access === 'needs-sign-in') return <Login onSignedIn={() => setAccess('signed-in')} />;
  const current = route.page === 'job' ? 'jobs' : route.page;
  const link = (page: 'overview' | 'jobs' | 'new' | 'reports', label: string) => (
    <li>
      <a href={`#/${page}`} aria-current={current === page ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
  return (
    <>
      <a class="skip" href="#main" onClick={skipToContent}>
        Skip to content
      </a>
      <header>
        <nav aria-label="Main">
          <span class="brand">agentd</span>
          <ul>
            {link('overview', 'Overview')}
            {link('jobs', 'Jobs')}
            {link('new', 'New job')}
            {link('reports', 'Reports')}
          </ul>
          {access === 'signed-in' ? (
            <button
              type="button"
              class="link"
              onClick={() => {
                forgetCredential();
                setAccess('needs-sign-in');
              }}
            >
              Sign out
            </button>
          ) : null}
        </nav>
      </header>
      <Page route={route} />
    </>
  );
}

const root = document.getElementById('app')!;
root.textContent = ''; // the "Loading" line of index.html (render does not replace what is there)
render(<App />, root);
