import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel.tsx';
import { usePasswordResetLink } from '../../features/auth/api/auth-api.ts';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { ApiError, failureMessage } from '../../lib/api-error.ts';
import { currentToken, endSession } from '../../lib/session.ts';
import { showToast } from '../../lib/toasts.ts';

const INCOMPLETE_LINK =
  'This link is incomplete. Open it again from the email, or ask for a new one.';

function linkProblem(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong';
  return error.fieldErrors.token ?? failureMessage(error.failure);
}

export function ResetPasswordView() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const link = usePasswordResetLink(token);

  const onReset = (email: string) => {
    showToast('success', 'Your new password is set. Log in with it.');
    // The reset ended every session of the account: whoever is logged in here logs in again.
    if (currentToken() !== null) endSession('logout');
    else navigate('/login', { replace: true, state: { email } });
  };

  const problem = token === '' ? INCOMPLETE_LINK : link.isError ? linkProblem(link.error) : null;

  return (
    <CenteredPanel
      title="Set a new password"
      subtitle={
        link.data ? (
          <>
            For{' '}
            <Text span fw={650} style={{ overflowWrap: 'anywhere' }}>
              {link.data.email}
            </Text>
            . Every browser and device logged in to the account will have to log in again.
          </>
        ) : undefined
      }
    >
      {problem !== null ? (
        <Stack gap="lg">
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
          <Button component={Link} to="/forgotPassword" fullWidth>
            Ask for a new link
          </Button>
        </Stack>
      ) : link.data ? (
        <ResetPasswordForm token={token} email={link.data.email} onReset={onReset} />
      ) : (
        <Stack align="center" py="md" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Checking your link…
          </Text>
        </Stack>
      )}
    </CenteredPanel>
  );
}
