import './app/styles/first-page-styles.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers.tsx';
import { router } from './app/router.tsx';
import { reportUncaughtErrors } from './lib/error-reporter.ts';

reportUncaughtErrors();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to start Circuits in');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
