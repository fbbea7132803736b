import { Button, Drawer, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { MainNav } from './main-nav.tsx';

type MenuPanelProps = {
  opened: boolean;
  onClose: () => void;
  navItems: Parameters<typeof MainNav>[0]['items'];
  loggedIn: boolean;
};

/** The menu panel of narrow screens: the main links and, for visitors, log in or sign up. */
export function MenuPanel({ opened, onClose, navItems, loggedIn }: MenuPanelProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={300}
      title="Menu"
      closeButtonProps={{ 'aria-label': 'Close the menu' }}
    >
      <Stack gap="lg">
        <MainNav items={navItems} variant="panel" onNavigate={onClose} />
        {loggedIn ? null : (
          <Stack gap="xs">
            <Button component={Link} to="/register" onClick={onClose}>
              Create account
            </Button>
            <Button component={Link} to="/login" variant="default" onClick={onClose}>
              Log in
            </Button>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
