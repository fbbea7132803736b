import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { emailFromState } from '../navigation-state.ts';

export function ForgotPasswordView() {
  const location = useLocation();
  return (
    <CenteredPanel
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to set a new password."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <ForgotPasswordForm initialEmail={emailFromState(location.state)} />
    </CenteredPanel>
  );
}
