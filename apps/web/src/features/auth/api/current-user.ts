import type { User } from '@circuits/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSessionToken } from '../../../hooks/use-session-token.ts';
import { queryClient } from '../../../lib/query-client.ts';

// Every page asks who is logged in: the API client, with the contracts it checks answers
// against, is loaded by the first call, so a visitor's first page (no session) does without it.
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'current-user'],
  queryFn: async ({ signal }): Promise<User> => {
    const [{ getUser }, { apiRequest }] = await Promise.all([
      import('@circuits/contracts'),
      import('../../../lib/api-client.ts'),
    ]);
    return (await apiRequest(getUser, { signal })).user;
  },
});

/** The logged-in user, or undefined while logged out or loading. */
export function useCurrentUser() {
  const token = useSessionToken();
  return useQuery({ ...currentUserQuery, enabled: token !== null });
}

/** The user as the server has it now, skipping the cache when it may be out of date. */
export async function fetchCurrentUser(options: { fresh: boolean }): Promise<User> {
  return options.fresh
    ? queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 })
    : queryClient.ensureQueryData(currentUserQuery);
}

export function setCurrentUser(user: User): void {
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}
