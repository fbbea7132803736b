import { Anchor } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { readLastVisitedPath } from '../../lib/browser-storage.ts';
import { pathAfterSignIn } from '../navigation-guard.ts';
import { emailFromState } from '../navigation-state.ts';

export function LoginView() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <CenteredPanel
      title="Log in to Circuits"
      subtitle="Welcome back. Enter the email and password of your account."
      footer={
        <>
          New to Circuits?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <LoginForm
        initialEmail={emailFromState(location.state)}
        onLoggedIn={() => navigate(pathAfterSignIn(readLastVisitedPath()), { replace: true })}
      />
    </CenteredPanel>
  );
}
