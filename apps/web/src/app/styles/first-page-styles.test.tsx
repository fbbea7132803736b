import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../lib/toasts.ts';
import { FakeServer, sampleUser } from '../../testing/fake-server.ts';
import { renderInApp } from '../../testing/render.tsx';
import { FIRST_PAGE_PATHS } from '../app-routes.tsx';
import { AboutView } from '../routes/about.tsx';
import { ForgotPasswordView } from '../routes/forgot-password.tsx';
import { HomeView } from '../routes/home.tsx';
import { LoginView } from '../routes/login.tsx';
import { NotFoundView } from '../routes/not-found.tsx';
import { RegisterView } from '../routes/register.tsx';
import { ResetPasswordView } from '../routes/reset-password.tsx';
import { Toasts } from '../toasts.tsx';
import firstPageSource from './first-page-styles.ts?raw';

// The first page of a visitor loads only part of Mantine's stylesheet (first-page-styles.ts).
// Every Mantine class the public pages put on screen, their messages and the toasts included,
// must be styled by that part, or the page would show unstyled until the rest arrives.

// Node's file system, without Node's types in the web app's type-check.
const fs = (await import(/* @vite-ignore */ `node:${'fs'}`)) as {
  readFileSync(file: string, encoding: 'utf8'): string;
};
const nodeModules = `${(import.meta as { dirname?: string }).dirname}/../../../../../node_modules`;

/** The CSS of every stylesheet first-page-styles.ts imports. */
function firstPageCss(): string {
  const sheets = [...firstPageSource.matchAll(/^import '([^']+\.css)';$/gm)].map(
    (match) => match[1]!,
  );
  expect(sheets.length).toBeGreaterThan(10);
  return sheets.map((sheet) => fs.readFileSync(`${nodeModules}/${sheet}`, 'utf8')).join('\n');
}

/** Mantine's classes (m_ and eight hex digits) on the elements in the document now. */
function mantineClassesShown(): Set<string> {
  const found = new Set<string>();
  for (const element of document.querySelectorAll('[class]')) {
    for (const name of element.classList) if (/^m_[0-9a-f]{8}$/.test(name)) found.add(name);
  }
  return found;
}

let server: FakeServer;
beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const PAGES: [string, ComponentType, string][] = [
  ['home', HomeView, '/'],
  ['about', AboutView, '/about'],
  ['log in', LoginView, '/login'],
  ['register', RegisterView, '/register'],
  ['forgot password', ForgotPasswordView, '/forgotPassword'],
  ['reset password', ResetPasswordView, '/resetPassword?token=abc'],
  ['not found', NotFoundView, '/nowhere'],
];

describe('the styles of the first page', () => {
  const css = firstPageCss();

  it.each(PAGES)(
    'style every Mantine class of the %s page, its messages included',
    async (_name, View, at) => {
      server.on('POST', '/api/password/reset/check', {
        status: 200,
        body: { email: sampleUser().email },
      });
      renderInApp(<View />, { path: at });
      // Submitting empty shows the field messages and the form's alert where there is a form.
      const submit = screen
        .queryAllByRole('button')
        .find((button) => button.getAttribute('type') === 'submit');
      if (submit) await userEvent.setup().click(submit);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      const missing = [...mantineClassesShown()].filter((name) => !css.includes(`.${name}`));
      expect(missing).toEqual([]);
    },
  );

  it('are those of every page the router loads without the rest', () => {
    const routes = PAGES.map(([, , at]) => (at === '/nowhere' ? '*' : at.split('?')[0]!));
    expect(routes.sort()).toEqual([...FIRST_PAGE_PATHS].sort());
  });

  it('style the toasts', async () => {
    renderInApp(<Toasts />);
    act(() => showToast('error', 'Something went wrong'));
    await screen.findByText('Something went wrong');
    const missing = [...mantineClassesShown()].filter((name) => !css.includes(`.${name}`));
    expect(missing).toEqual([]);
  });
});
