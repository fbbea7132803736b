import type { ComponentType } from 'react';
import { data, type MiddlewareFunction, type RouteObject, redirect } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { fetchCurrentUser } from '../features/auth/api/current-user.ts';
import { ApiError } from '../lib/api-error.ts';
import { readLastVisitedPath, writeLastVisitedPath } from '../lib/browser-storage.ts';
import { currentToken } from '../lib/session.ts';
import { showToast } from '../lib/toasts.ts';
import { AppLayout } from './layout/app-layout.tsx';
import {
  decideNavigation,
  needsUser,
  pathAfterSignIn,
  type RouteAccess,
  type SessionState,
  shouldRecordPath,
} from './navigation-guard.ts';
import { RootErrorBoundary, RouteErrorBoundary } from './route-error-boundary.tsx';
import { type RouteDefinition, routeTable } from './route-table.ts';
import { withAppStyles } from './styles/load-app-styles.ts';

/** The query parameter the email confirmation link lands with (see EMAIL_CONFIRMATION_REDIRECT). */
const EMAIL_CONFIRMED_PARAM = 'emailConfirmed';

async function resolveSession(access: RouteAccess): Promise<SessionState> {
  // SPEC §2: the token is re-read from browser storage on each navigation.
  if (currentToken() === null) return { type: 'anonymous' };
  if (!needsUser(access)) return { type: 'token-only' };
  try {
    let user = await fetchCurrentUser({ fresh: false });
    // The email may have been confirmed in another tab since the user was loaded.
    if (!user.isConfirmedEmail) user = await fetchCurrentUser({ fresh: true });
    return {
      type: 'member',
      isConfirmedEmail: user.isConfirmedEmail,
      isStaff: user.role === 'admin' || user.role === 'moderator',
    };
  } catch (error) {
    // A dead token was already handled by the API client (logged out, told why).
    if (error instanceof ApiError && currentToken() === null) return { type: 'anonymous' };
    return { type: 'token-only' };
  }
}

function guard(access: RouteAccess): MiddlewareFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    if (shouldRecordPath(url.pathname)) writeLastVisitedPath(`${url.pathname}${url.search}`);
    const decision = decideNavigation(access, await resolveSession(access));
    if (decision.type === 'redirect') throw redirect(decision.to);
    // Shown by the route's error boundary as "Not allowed", the header kept.
    if (decision.type === 'forbidden') throw data(null, { status: 403 });
  };
}

/** /projects leads to the workspace; after the email confirmation link, back where the user was. */
function redirectTo(target: string): MiddlewareFunction {
  return ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get(EMAIL_CONFIRMED_PARAM) === '1') {
      showToast(
        'success',
        currentToken() === null
          ? 'Your email address is confirmed. Log in to continue.'
          : 'Your email address is confirmed. Welcome to Circuits!',
      );
      throw redirect(pathAfterSignIn(readLastVisitedPath()));
    }
    throw redirect(target);
  };
}

/**
 * A view whose chunk failed to download renders as that failure, so the route's error boundary
 * shows it. (A rejected lazy Component leaves the router rendering an empty outlet instead.)
 */
function loadView(view: () => Promise<ComponentType>): () => Promise<ComponentType> {
  return () =>
    view().catch((error: unknown) => {
      // biome-ignore lint/correctness/noComponentHookFactories: made once per failed load, rendered once, to rethrow the load error inside the route's error boundary.
      const FailedView: ComponentType = () => {
        throw error;
      };
      return FailedView;
    });
}

/**
 * The pages a visitor may land on first, styled by the first part of Mantine's stylesheet
 * (styles/first-page-styles.ts, checked by its test): every other page loads all of it.
 */
export const FIRST_PAGE_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/about',
  '/login',
  '/register',
  '/forgotPassword',
  '/resetPassword',
  '*',
]);

function toRouteObject(route: RouteDefinition): RouteObject {
  if (route.type === 'redirect') {
    return { path: route.path, middleware: [redirectTo(route.to)] };
  }
  return {
    path: route.path,
    handle: { title: route.title, idParam: route.idParam },
    middleware: [guard(route.access)],
    // Pages behind the login bring all of Mantine's styles; the first page of a visitor does not.
    lazy: {
      Component: loadView(
        FIRST_PAGE_PATHS.has(route.path) ? route.view : withAppStyles(route.view),
      ),
    },
    ErrorBoundary: RouteErrorBoundary,
  };
}

/** The app's routes: the route table with the guard, lazy views and error boundaries. */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: FullPageLoader,
    children: routeTable.map(toRouteObject),
  },
];
