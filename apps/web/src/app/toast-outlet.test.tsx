import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showToast } from '../lib/toasts.ts';
import { renderInApp } from '../testing/render.tsx';
import { ToastOutlet } from './toast-outlet.tsx';

afterEach(() => notifications.clean());

describe('ToastOutlet', () => {
  it('loads nothing until the first toast, then shows it and the next ones', async () => {
    renderInApp(<ToastOutlet />);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => showToast('success', 'Saved'));
    expect(await screen.findByText('Saved', {}, { timeout: 15_000 })).toBeTruthy();
    act(() => showToast('error', 'Not saved'));
    expect(await screen.findByText('Not saved')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});
