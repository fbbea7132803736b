/**
 * The web app's routes (SPEC §2, plus the forgotten-password, reset and account pages), in router
 * syntax. The server answers each with the SPA shell; the web app owns what they show.
 */
export const SPA_ROUTES = [
  { path: '/', auth: false },
  { path: '/about', auth: false },
  { path: '/login', auth: false },
  { path: '/register', auth: false },
  { path: '/forgotPassword', auth: false },
  { path: '/resetPassword', auth: false },
  { path: '/instantQuote', auth: false },
  { path: '/product/:id', auth: true },
  { path: '/order/:id', auth: true },
  { path: '/board/:id', auth: true },
  { path: '/projects', auth: true },
  { path: '/workspace', auth: true },
  { path: '/cabinet', auth: true },
  { path: '/cabinet_new', auth: true },
  { path: '/account', auth: true },
  { path: '/confirmEmail', auth: true },
  { path: '/parts', auth: true },
  { path: '/experimental_parts', auth: true },
  { path: '/orders', auth: true },
  { path: '/payment/:doc_id', auth: true },
  { path: '/paypal_payment', auth: true },
  // The embedded sandbox payment provider's payer page (demo mode only).
  { path: '/sandbox/paypal/checkoutnow', auth: true },
  { path: '/part_old/:id', auth: true },
  { path: '/part/:id', auth: true },
  { path: '/packages', auth: true },
  { path: '/manufacturers', auth: true },
  { path: '/createDocument/:type/:id', auth: true },
  { path: '/document/:type/:id', auth: true },
  { path: '/adminPanel', auth: true },
  { path: '/createOutline/:product_id', auth: true },
] as const;

export type SpaRoutePath = (typeof SPA_ROUTES)[number]['path'];
