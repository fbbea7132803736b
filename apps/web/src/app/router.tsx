import { createBrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { onSessionEnd, type SessionEndReason } from '../lib/session.ts';
import { appRoutes } from './app-routes.tsx';
import { HOME_PATH, LOGIN_PATH } from './navigation-guard.ts';

export const router = createBrowserRouter(appRoutes);

const SESSION_END_TARGET: Record<SessionEndReason, string> = {
  logout: LOGIN_PATH,
  expired: LOGIN_PATH,
  disabled: HOME_PATH,
};

onSessionEnd((reason) => {
  // Cached data of the ended session is dropped once its views have been left.
  void router
    .navigate(SESSION_END_TARGET[reason], { replace: reason !== 'logout' })
    .then(() => queryClient.clear());
});
