import { NavLink } from 'react-router';
import classes from './app-layout.module.css';

export interface NavItem {
  to: string;
  label: string;
}

export const MEMBER_NAV: readonly NavItem[] = [
  { to: '/workspace', label: 'Workspace' },
  { to: '/parts', label: 'Parts' },
  { to: '/orders', label: 'Orders' },
  { to: '/instantQuote', label: 'Instant quote' },
];

export const VISITOR_NAV: readonly NavItem[] = [
  { to: '/about', label: 'About' },
  { to: '/instantQuote', label: 'Instant quote' },
];

export function MainNav({ items }: { items: readonly NavItem[] }) {
  return (
    <nav className={classes.nav} aria-label="Main">
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} className={classes.navLink}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
