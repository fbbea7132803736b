// The navigation guard of SPEC §2 as pure decisions; app/router.tsx feeds it the token read from
// storage on every navigation and the current user, and carries out what it decides.

/** Who may open a route. */
export type RouteAccess =
  /** Anyone (home, about, instant quote). */
  | 'public'
  /** Only logged-out visitors: logged-in users go to /projects (login, register). */
  | 'guest'
  /** Logged-in users with a confirmed email. */
  | 'member'
  /** Logged-in users whose email is not confirmed yet (confirmEmail). */
  | 'unconfirmed'
  /**
   * Administrators and moderators with a confirmed email (adminPanel, SPEC §6; moderators see it
   * read-only). Everyone else is told the page is not for them.
   */
  | 'staff';

export type SessionState =
  | { type: 'anonymous' }
  | { type: 'token-only' }
  | { type: 'member'; isConfirmedEmail: boolean; isStaff: boolean };

export type GuardDecision =
  | { type: 'allow' }
  | { type: 'redirect'; to: string }
  /** Logged in, but the route is not for this user: the page says so. */
  | { type: 'forbidden' };

export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
export const CONFIRM_EMAIL_PATH = '/confirmEmail';
export const FORGOT_PASSWORD_PATH = '/forgotPassword';
export const RESET_PASSWORD_PATH = '/resetPassword';
export const PROJECTS_PATH = '/projects';
export const WORKSPACE_PATH = '/workspace';
export const HOME_PATH = '/';

// The password pages are not where anyone wants to land after logging in.
const UNRECORDED_PATHS = new Set([
  LOGIN_PATH,
  REGISTER_PATH,
  CONFIRM_EMAIL_PATH,
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
]);

/** Whether the decision needs the user (isConfirmedEmail, role), not only the token. */
export function needsUser(access: RouteAccess): boolean {
  return access === 'member' || access === 'unconfirmed' || access === 'staff';
}

export function decideNavigation(access: RouteAccess, session: SessionState): GuardDecision {
  const loggedIn = session.type !== 'anonymous';
  switch (access) {
    case 'public':
      return { type: 'allow' };
    case 'guest':
      return loggedIn ? { type: 'redirect', to: PROJECTS_PATH } : { type: 'allow' };
    case 'member':
      if (!loggedIn) return { type: 'redirect', to: LOGIN_PATH };
      if (session.type === 'member' && !session.isConfirmedEmail) {
        return { type: 'redirect', to: CONFIRM_EMAIL_PATH };
      }
      return { type: 'allow' };
    case 'unconfirmed':
      if (!loggedIn) return { type: 'redirect', to: LOGIN_PATH };
      if (session.type === 'member' && session.isConfirmedEmail) {
        return { type: 'redirect', to: PROJECTS_PATH };
      }
      return { type: 'allow' };
    case 'staff':
      if (!loggedIn) return { type: 'redirect', to: LOGIN_PATH };
      if (session.type === 'member' && !session.isConfirmedEmail) {
        return { type: 'redirect', to: CONFIRM_EMAIL_PATH };
      }
      // A user who could not be loaded is not known to be staff.
      return session.type === 'member' && session.isStaff
        ? { type: 'allow' }
        : { type: 'forbidden' };
  }
}

/**
 * Every visited path except login, register, confirmEmail and the password pages is recorded, including one the
 * guard turns away, so that logging in returns the user to where they were going.
 */
export function shouldRecordPath(pathname: string): boolean {
  return !UNRECORDED_PATHS.has(normalisePath(pathname));
}

/** Where login, registration and email confirmation lead: the last recorded path, or /workspace. */
export function pathAfterSignIn(lastRecordedPath: string | null): string {
  if (lastRecordedPath === null) return WORKSPACE_PATH;
  return shouldRecordPath(pathOnly(lastRecordedPath)) ? lastRecordedPath : WORKSPACE_PATH;
}

function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? path;
}

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
