import {
  type ChangePasswordInput,
  changePassword,
  checkPasswordResetLink,
  type ForgotPasswordInput,
  forgotPassword,
  getUser,
  type LoginInput,
  login,
  logout,
  logoutEverywhere,
  type RegisterInput,
  type ResetPasswordInput,
  register,
  resendConfirmationEmail,
  resetPassword,
  type User,
} from '@circuits/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useSessionToken } from '../../../hooks/use-session-token.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { writeLastUserId } from '../../../lib/browser-storage.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endSession, startSession } from '../../../lib/session.ts';

export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'current-user'],
  queryFn: async ({ signal }) => (await apiRequest(getUser, { signal })).user,
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

function beginSession(token: string, user: User): void {
  startSession(token);
  writeLastUserId(user.id);
  setCurrentUser(user);
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest(login, { body: input, errors: 'inline' }),
    onSuccess: ({ token, user }) => beginSession(token, user),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest(register, { body: input, errors: 'inline' }),
    onSuccess: ({ token, user }) => beginSession(token, user),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest(logout, { errors: 'silent' }),
    // Logged out locally whatever the server says: the user asked to leave.
    onSettled: () => endSession('logout'),
  });
}

/** Ends every session of the user, this one included, then logs out here. */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: () => apiRequest(logoutEverywhere),
    onSuccess: () => endSession('logout'),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest(changePassword, { body: input, errors: 'inline' }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      apiRequest(forgotPassword, { body: input, errors: 'inline' }),
  });
}

/** Whether the link of a reset email still works, and for which email. */
export function usePasswordResetLink(token: string) {
  return useQuery({
    queryKey: ['auth', 'password-reset-link', token],
    queryFn: ({ signal }) =>
      apiRequest(checkPasswordResetLink, { body: { token }, signal, errors: 'inline' }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      apiRequest(resetPassword, { body: input, errors: 'inline' }),
  });
}

/** The panel says what happened itself, in one toast however often the button is pressed. */
export function useResendConfirmationEmail() {
  return useMutation({
    mutationFn: () => apiRequest(resendConfirmationEmail, { errors: 'inline' }),
  });
}
