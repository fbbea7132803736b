import { AppShell, Box, Burger, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { useCurrentUser } from '../../features/auth/api/current-user.ts';
import { useSessionToken } from '../../hooks/use-session-token.ts';
import { withAppStyles } from '../styles/load-app-styles.ts';
import classes from './app-layout.module.css';
import { DocumentTitle } from './document-title.tsx';
import { MainNav, MEMBER_NAV, VISITOR_NAV } from './main-nav.tsx';

// The account menu, the cart and the menu panel bring popovers, portals and focus traps: loaded
// when first shown, so that a visitor's first page does not wait for them.
const UserMenu = lazy(() =>
  withAppStyles(() => import('../../features/auth/components/user-menu.tsx'))().then((module) => ({
    default: module.UserMenu,
  })),
);
const CartBlock = lazy(() =>
  withAppStyles(() => import('../../features/cart/components/cart-block.tsx'))().then((module) => ({
    default: module.CartBlock,
  })),
);
const MenuPanel = lazy(() =>
  withAppStyles(() => import('./menu-panel.tsx'))().then((module) => ({
    default: module.MenuPanel,
  })),
);

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
  const [menuUsed, setMenuUsed] = useState(false);
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
            {member && user.data ? (
              <Suspense fallback={null}>
                <CartBlock userId={user.data.id} companyId={user.data.company.id} />
              </Suspense>
            ) : null}
            {loggedIn ? (
              <Suspense fallback={null}>
                <UserMenu />
              </Suspense>
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
              onClick={() => {
                setMenuUsed(true);
                menu.toggle();
              }}
              aria-label={menuOpened ? 'Close the menu' : 'Open the menu'}
              aria-expanded={menuOpened}
            />
          </div>
        </div>
      </AppShell.Header>
      {menuUsed ? (
        <Suspense fallback={null}>
          <MenuPanel
            opened={menuOpened}
            onClose={menu.close}
            navItems={navItems}
            loggedIn={loggedIn}
          />
        </Suspense>
      ) : null}
      <AppShell.Main className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
