import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel.tsx';
import {
  type ConfirmationLinkProblem,
  ConfirmEmailPanel,
} from '../../features/auth/components/confirm-email-panel.tsx';
import { readLastVisitedPath } from '../../lib/browser-storage.ts';
import { pathAfterSignIn } from '../navigation-guard.ts';

function linkProblem(value: string | null): ConfirmationLinkProblem | null {
  return value === 'expired' || value === 'invalid' ? value : null;
}

export function ConfirmEmailView() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const onConfirmed = useCallback(
    () => navigate(pathAfterSignIn(readLastVisitedPath()), { replace: true }),
    [navigate],
  );
  return (
    <CenteredPanel title="Confirm your email address" width={480}>
      <ConfirmEmailPanel
        linkProblem={linkProblem(searchParams.get('error'))}
        onConfirmed={onConfirmed}
      />
    </CenteredPanel>
  );
}
