/** Hash routes (#/jobs, #/jobs/<id>, #/new, #/reports, #/overview): the daemon serves one page, whatever the view. */
import { useEffect, useState } from 'preact/hooks';

export type Route = { page: 'overview' } | { page: 'jobs' } | { page: 'job'; id: string } | { page: 'new' } | { page: 'reports' };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'jobs' && parts[1]) return { page: 'job', id: parts[1] };
  if (parts[0] === 'jobs') return { page: 'jobs' };
  if (parts[0] === 'new') return { page: 'new' };
  if (parts[0] === 'reports') return { page: 'reports' };
  return { page: 'overview' };
}

export const hrefOf = (route: Route): string => (route.page === 'job' ? `#/jobs/${encodeURIComponent(route.id)}` : `#/${route.page}`);

export function go(route: Route): void {
  location.hash = hrefOf(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const listener = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', listener);
    return () => removeEventListener('hashchange', listener);
  }, []);
  return route;
}
