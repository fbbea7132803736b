import { AppShell, Button, Group } from '@mantine/core';
import { Link, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { UserMenu } from '../../features/auth/components/user-menu.tsx';
import { useSessionToken } from '../../hooks/use-session-token.ts';
import classes from './app-layout.module.css';
import { DocumentTitle } from './document-title.tsx';
import { MainNav, MEMBER_NAV, VISITOR_NAV } from './main-nav.tsx';

export const HEADER_HEIGHT = 60;

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={classes.progress} role="progressbar" aria-label="Loading page" />;
}

export function AppLayout() {
  const loggedIn = useSessionToken() !== null;
  const user = useCurrentUser();
  // Until the email is confirmed the member pages all lead to /confirmEmail: do not offer them.
  const member = loggedIn && user.data?.isConfirmedEmail !== false;
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <DocumentTitle />
      <NavigationProgress />
      <ScrollRestoration />
      <AppShell.Header>
        <div className={classes.header}>
          <Link to={member ? '/workspace' : '/'} className={classes.logoLink} aria-label="Circuits">
            <BrandLogo />
          </Link>
          <MainNav items={member ? MEMBER_NAV : VISITOR_NAV} />
          {loggedIn ? (
            <UserMenu />
          ) : (
            <Group gap="xs">
              <Button component={Link} to="/login" variant="subtle" color="gray">
                Log in
              </Button>
              <Button component={Link} to="/register">
                Create account
              </Button>
            </Group>
          )}
        </div>
      </AppShell.Header>
      <AppShell.Main className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
