import { NavLink } from 'react-router';
import classes from './app-layout.module.css';

export interface NavItem {
  to: string;
  label: string;
}

export const MEMBER_NAV: readonly NavItem[] = [
  { to: '/workspace', label: 'Workspace' },
  { to: '/experimental_parts', label: 'Parts search' },
  { to: '/parts', label: 'Parts' },
  { to: '/orders', label: 'Orders' },
  { to: '/instantQuote', label: 'Instant quote' },
];

export const VISITOR_NAV: readonly NavItem[] = [
  { to: '/about', label: 'About' },
  { to: '/instantQuote', label: 'Instant quote' },
];

interface MainNavProps {
  items: readonly NavItem[];
  /** In the header on wide screens; stacked in the menu panel on narrow ones. */
  variant: 'bar' | 'panel';
  onNavigate?: () => void;
}

export function MainNav({ items, variant, onNavigate }: MainNavProps) {
  return (
    <nav className={variant === 'bar' ? classes.nav : classes.panelNav} aria-label="Main">
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className={classes.navLink} onClick={onNavigate}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
