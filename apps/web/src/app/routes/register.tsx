import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';
import { readLastVisitedPath } from '../../lib/browser-storage.ts';
import { showToast } from '../../lib/toasts.ts';
import { pathAfterSignIn } from '../navigation-guard.ts';

export function RegisterView() {
  const navigate = useNavigate();
  return (
    <CenteredPanel
      title="Create your Circuits account"
      subtitle="Set up your company, then upload and check its boards."
      width={480}
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <RegisterForm
        onRegistered={({ email, isEmailWithConfirmWasSend }) => {
          showToast(
            isEmailWithConfirmWasSend ? 'success' : 'warning',
            isEmailWithConfirmWasSend
              ? `Your account is ready. We sent a confirmation link to ${email}.`
              : 'Your account is ready, but the confirmation email could not be sent. Send it again from the next page.',
          );
          navigate(pathAfterSignIn(readLastVisitedPath()), { replace: true });
        }}
      />
    </CenteredPanel>
  );
}
