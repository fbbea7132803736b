import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { pageTitle, type TitledRoute } from '../page-title.ts';

function isTitledRoute(handle: unknown): handle is TitledRoute {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** Keeps document.title equal to the current route's title (SPEC §2). */
export function DocumentTitle() {
  const matches = useMatches();
  const match = matches.findLast((candidate) => isTitledRoute(candidate.handle));
  const title = match && isTitledRoute(match.handle) ? pageTitle(match.handle, match.params) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}

/** The title of the route being shown, for views that repeat it as their heading. */
export function useRouteTitle(): string {
  const matches = useMatches();
  const match = matches.findLast((candidate) => isTitledRoute(candidate.handle));
  return match && isTitledRoute(match.handle) ? match.handle.title : '';
}
