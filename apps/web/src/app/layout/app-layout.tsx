import { AppShell, Box, Burger, Button, Drawer, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
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

/**
 * The header: on wide screens the logo, the main links and the account; below the md
 * breakpoint the links (and, for visitors, creating an account) move to a menu panel opened by
 * the burger, so the account menu and log-out stay in reach on a phone.
 */
export function AppLayout() {
  const loggedIn = useSessionToken() !== null;
  const user = useCurrentUser();
  const [menuOpened, menu] = useDisclosure(false);
  // Until the email is confirmed the member pages all lead to /confirmEmail: do not offer them.
  const member = loggedIn && user.data?.isConfirmedEmail !== false;
  const navItems = member ? MEMBER_NAV : VISITOR_NAV;
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
          <Box visibleFrom="md" className={classes.barNav}>
            <MainNav items={navItems} variant="bar" />
          </Box>
          <div className={classes.account}>
            {loggedIn ? (
              <UserMenu />
            ) : (
              <>
                <Button component={Link} to="/login" variant="subtle" color="gray">
                  Log in
                </Button>
                <Button component={Link} to="/register" visibleFrom="sm">
                  Create account
                </Button>
              </>
            )}
            <Burger
              hiddenFrom="md"
              size="sm"
              opened={menuOpened}
              onClick={menu.toggle}
              aria-label={menuOpened ? 'Close the menu' : 'Open the menu'}
              aria-expanded={menuOpened}
            />
          </div>
        </div>
      </AppShell.Header>
      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        position="right"
        size={300}
        title="Menu"
        closeButtonProps={{ 'aria-label': 'Close the menu' }}
      >
        <Stack gap="lg">
          <MainNav items={navItems} variant="panel" onNavigate={menu.close} />
          {loggedIn ? null : (
            <Stack gap="xs">
              <Button component={Link} to="/register" onClick={menu.close}>
                Create account
              </Button>
              <Button component={Link} to="/login" variant="default" onClick={menu.close}>
                Log in
              </Button>
            </Stack>
          )}
        </Stack>
      </Drawer>
      <AppShell.Main className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
