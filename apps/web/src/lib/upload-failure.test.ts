import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { isFileRefusal, showFilesNotAdded } from './upload-failure.ts';

afterEach(() => notifications.clean());

const tooLarge = new ApiError(413, {
  type: 'message',
  message: 'board.zip is larger than the 100 MB a file may have',
});
const badArchive = new ApiError(422, {
  type: 'fields',
  fields: { files: 'evil.zip holds a path outside the archive' },
  message: 'evil.zip holds a path outside the archive',
});
const missingName = new ApiError(422, {
  type: 'fields',
  fields: { name: 'Name is required' },
  message: 'Name is required',
});

describe('upload failures', () => {
  it('tells file refusals from other refusals', () => {
    expect(isFileRefusal(tooLarge)).toBe(true);
    expect(isFileRefusal(badArchive)).toBe(true);
    expect(isFileRefusal(missingName)).toBe(false);
    expect(isFileRefusal(new Error('boom'))).toBe(false);
  });

  it('toasts "Files not added" with the reason', () => {
    showFilesNotAdded(tooLarge);
    const [toast] = notificationsStore.getState().notifications;
    expect(toast?.title).toBe('Error');
    expect(toast?.message).toBe(
      'Files not added\nboard.zip is larger than the 100 MB a file may have',
    );
  });

  it('stays quiet when the session ended (the client already said so)', () => {
    showFilesNotAdded(new ApiError(401, { type: 'session-expired' }));
    expect(notificationsStore.getState().notifications).toEqual([]);
  });
});
