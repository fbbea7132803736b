import type {
  ChangePasswordInput,
  EndpointResponse,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  User,
} from '@circuits/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../../../lib/api-client.ts';
import { writeLastUserId } from '../../../lib/browser-storage.ts';
import { endSession, startSession } from '../../../lib/session.ts';
import { setCurrentUser } from './current-user.ts';

export {
  currentUserQuery,
  fetchCurrentUser,
  setCurrentUser,
  useCurrentUser,
} from './current-user.ts';

type Contracts = typeof import('@circuits/contracts/auth');
type AuthEndpoint =
  | 'login'
  | 'register'
  | 'logout'
  | 'logoutEverywhere'
  | 'changePassword'
  | 'forgotPassword'
  | 'checkPasswordResetLink'
  | 'resetPassword'
  | 'resendConfirmationEmail';

/**
 * Calls an endpoint of the contracts through the API client, both loaded by the first call:
 * the login and register pages show without them and fetch them as the visitor types.
 */
async function call<K extends AuthEndpoint, E extends Contracts[K] = Contracts[K]>(
  name: K,
  options?: RequestOptions<E>,
): Promise<EndpointResponse<E>> {
  const [contracts, { apiRequest }] = await Promise.all([
    import('@circuits/contracts/auth'),
    import('../../../lib/api-client.ts'),
  ]);
  // The options were typed against the same endpoint; apiRequest's rest-tuple cannot see it.
  const send = apiRequest as (
    endpoint: E,
    options?: RequestOptions<E>,
  ) => Promise<EndpointResponse<E>>;
  return send(contracts[name] as E, options);
}

function beginSession(token: string, user: User): void {
  startSession(token);
  writeLastUserId(user.id);
  setCurrentUser(user);
}

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => call('login', { body: input, errors: 'inline' }),
    onSuccess: ({ token, user }) => beginSession(token, user),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => call('register', { body: input, errors: 'inline' }),
    onSuccess: ({ token, user }) => beginSession(token, user),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => call('logout', { errors: 'silent' }),
    // Logged out locally whatever the server says: the user asked to leave.
    onSettled: () => endSession('logout'),
  });
}

/** Ends every session of the user, this one included, then logs out here. */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: () => call('logoutEverywhere'),
    onSuccess: () => endSession('logout'),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      call('changePassword', { body: input, errors: 'inline' }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      call('forgotPassword', { body: input, errors: 'inline' }),
  });
}

/** Whether the link of a reset email still works, and for which email. */
export function usePasswordResetLink(token: string) {
  return useQuery({
    queryKey: ['auth', 'password-reset-link', token],
    queryFn: ({ signal }) =>
      call('checkPasswordResetLink', { body: { token }, signal, errors: 'inline' }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      call('resetPassword', { body: input, errors: 'inline' }),
  });
}

/** The panel says what happened itself, in one toast however often the button is pressed. */
export function useResendConfirmationEmail() {
  return useMutation({
    mutationFn: () => call('resendConfirmationEmail', { errors: 'inline' }),
  });
}
