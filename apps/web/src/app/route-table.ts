import type { ComponentType } from 'react';
import type { RouteAccess } from './navigation-guard.ts';
import type { TitledRoute } from './page-title.ts';

// Every route of SPEC §2 with its title and who may open it. Each view is its own lazily loaded
// chunk.

type LoadView = () => Promise<ComponentType>;

export type RouteDefinition =
  | ({ type: 'view'; path: string; access: RouteAccess; view: LoadView } & TitledRoute)
  | { type: 'redirect'; path: string; to: string };

export const routeTable: readonly RouteDefinition[] = [
  {
    type: 'view',
    path: '/',
    title: 'Circuits',
    access: 'public',
    view: () => import('./routes/home.tsx').then((module) => module.HomeView),
  },
  {
    type: 'view',
    path: '/about',
    title: 'About',
    access: 'public',
    view: () => import('./routes/about.tsx').then((module) => module.AboutView),
  },
  {
    type: 'view',
    path: '/login',
    title: 'Log in',
    access: 'guest',
    view: () => import('./routes/login.tsx').then((module) => module.LoginView),
  },
  {
    type: 'view',
    path: '/register',
    title: 'Create account',
    access: 'guest',
    view: () => import('./routes/register.tsx').then((module) => module.RegisterView),
  },
  {
    type: 'view',
    path: '/forgotPassword',
    title: 'Forgot password',
    access: 'public',
    view: () => import('./routes/forgot-password.tsx').then((module) => module.ForgotPasswordView),
  },
  {
    type: 'view',
    path: '/resetPassword',
    title: 'Set a new password',
    access: 'public',
    view: () => import('./routes/reset-password.tsx').then((module) => module.ResetPasswordView),
  },
  {
    type: 'view',
    path: '/confirmEmail',
    title: 'Confirm email',
    access: 'unconfirmed',
    view: () => import('./routes/confirm-email.tsx').then((module) => module.ConfirmEmailView),
  },
  { type: 'redirect', path: '/projects', to: '/workspace' },
  {
    type: 'view',
    path: '/workspace',
    title: 'Workspace',
    access: 'member',
    view: () => import('./routes/workspace.tsx').then((module) => module.WorkspaceView),
  },
  {
    type: 'view',
    path: '/cabinet',
    title: 'Company cabinet',
    access: 'member',
    view: () => import('./routes/cabinet.tsx').then((module) => module.CabinetView),
  },
  {
    type: 'view',
    path: '/cabinet_new',
    title: 'Company cabinet',
    access: 'member',
    view: () => import('./routes/cabinet.tsx').then((module) => module.CabinetView),
  },
  {
    type: 'view',
    path: '/account',
    title: 'Your account',
    access: 'member',
    view: () => import('./routes/account.tsx').then((module) => module.AccountView),
  },
  {
    type: 'view',
    path: '/instantQuote',
    title: 'Instant quote',
    access: 'public',
    view: () => import('./routes/instant-quote.tsx').then((module) => module.InstantQuoteView),
  },
  {
    type: 'view',
    path: '/product/:id',
    title: 'Product',
    idParam: 'id',
    access: 'member',
    view: () => import('./routes/product.tsx').then((module) => module.ProductView),
  },
  {
    type: 'view',
    path: '/order/:id',
    title: 'Order',
    idParam: 'id',
    access: 'member',
    view: () => import('./routes/order.tsx').then((module) => module.OrderView),
  },
  {
    type: 'view',
    path: '/board/:id',
    title: 'Board test',
    idParam: 'id',
    access: 'member',
    view: () => import('./routes/board.tsx').then((module) => module.BoardView),
  },
  {
    type: 'view',
    path: '/parts',
    title: 'Parts',
    access: 'member',
    view: () => import('./routes/parts.tsx').then((module) => module.PartsView),
  },
  {
    type: 'view',
    path: '/experimental_parts',
    title: 'Parts search',
    access: 'member',
    view: () => import('./routes/parts-search.tsx').then((module) => module.PartsSearchView),
  },
  {
    type: 'view',
    path: '/orders',
    title: 'Orders',
    access: 'member',
    view: () => import('./routes/orders.tsx').then((module) => module.OrdersView),
  },
  {
    type: 'view',
    path: '/payment/:doc_id',
    title: 'Payment',
    idParam: 'doc_id',
    access: 'member',
    view: () => import('./routes/payment.tsx').then((module) => module.PaymentView),
  },
  {
    type: 'view',
    path: '/paypal_payment',
    title: 'PayPal payment',
    access: 'member',
    view: () => import('./routes/paypal-payment.tsx').then((module) => module.PayPalPaymentView),
  },
  {
    type: 'view',
    path: '/sandbox/paypal/checkoutnow',
    title: 'Sandbox payment',
    access: 'member',
    view: () =>
      import('./routes/sandbox-checkout.tsx').then((module) => module.SandboxCheckoutView),
  },
  {
    type: 'view',
    path: '/part_old/:id',
    title: 'Part',
    idParam: 'id',
    access: 'member',
    view: () => import('./routes/part.tsx').then((module) => module.PartOldView),
  },
  {
    type: 'view',
    path: '/part/:id',
    title: 'Part',
    idParam: 'id',
    access: 'member',
    view: () => import('./routes/part.tsx').then((module) => module.PartView),
  },
  {
    type: 'view',
    path: '/packages',
    title: 'Packages',
    access: 'member',
    view: () => import('./routes/packages.tsx').then((module) => module.PackagesView),
  },
  {
    type: 'view',
    path: '/manufacturers',
    title: 'Manufacturers',
    access: 'member',
    view: () => import('./routes/manufacturers.tsx').then((module) => module.ManufacturersView),
  },
  {
    type: 'view',
    path: '/createDocument/:type/:id',
    title: 'Create document',
    idParam: 'id',
    access: 'member',
    view: () => import('./routes/create-document.tsx').then((module) => module.CreateDocumentView),
  },
  {
    type: 'view',
    path: '/document/:type/:id',
    title: 'Document',
    idParam: 'id',
    access: 'member',
    view: () => import('./routes/document.tsx').then((module) => module.DocumentView),
  },
  {
    type: 'view',
    path: '/adminPanel',
    title: 'Admin panel',
    access: 'staff',
    view: () => import('./routes/admin-panel.tsx').then((module) => module.AdminPanelView),
  },
  {
    type: 'view',
    path: '/createOutline/:product_id',
    title: 'Create outline',
    idParam: 'product_id',
    access: 'member',
    view: () => import('./routes/create-outline.tsx').then((module) => module.CreateOutlineView),
  },
  {
    type: 'view',
    path: '*',
    title: 'Page not found',
    access: 'public',
    view: () => import('./routes/not-found.tsx').then((module) => module.NotFoundView),
  },
];

/**
 * Starts loading a page's code before the user goes there, when that is the likely next step: the
 * router's own load then finds it done. A failure is left for the router to meet and report.
 */
export function preloadView(path: string): void {
  const route = routeTable.find((entry) => entry.path === path);
  if (route?.type === 'view') route.view().catch(() => undefined);
}
