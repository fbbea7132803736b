import { describe, expect, it } from 'vitest';
import { ApiError, classifyFailure, failureMessage } from './api-error.ts';

describe('classifyFailure (SPEC §8)', () => {
  it('treats expired or invalid token messages as the end of the session', () => {
    for (const error of ['Token is Expired', 'Token is Invalid', 'Token has Expired']) {
      expect(classifyFailure(400, { error })).toEqual({ type: 'session-expired' });
    }
  });

  it('treats any HTTP 401 as the end of the session', () => {
    expect(classifyFailure(401, { error: 'Unauthenticated' })).toEqual({
      type: 'session-expired',
    });
    expect(classifyFailure(401, null)).toEqual({ type: 'session-expired' });
  });

  it('recognises a disabled account before anything else', () => {
    expect(
      classifyFailure(403, { error: 'Your account is disabled', disabledAccountError: true }),
    ).toEqual({ type: 'account-disabled', message: 'Your account is disabled' });
    expect(classifyFailure(401, { error: 'Token is Expired', disabledAccountError: true })).toEqual(
      { type: 'account-disabled', message: 'Token is Expired' },
    );
  });

  it('says "Not found" for every 404, whatever the server called the missing thing', () => {
    expect(classifyFailure(404, null)).toEqual({ type: 'not-found' });
    expect(failureMessage({ type: 'not-found' })).toBe('Not found');
    expect(classifyFailure(404, { error: 'Product not found', code: 'not_found' })).toEqual({
      type: 'not-found',
    });
  });

  it('still ends the session on a 404 that says the token expired', () => {
    expect(classifyFailure(404, { error: 'Token has Expired' })).toEqual({
      type: 'session-expired',
    });
  });

  it('joins field messages with line breaks', () => {
    const failure = classifyFailure(422, {
      error: { email: ['The email is taken', 'The email is too long'], password: 'Too short' },
    });
    expect(failure).toEqual({
      type: 'fields',
      fields: { email: 'The email is taken\nThe email is too long', password: 'Too short' },
      message: 'The email is taken\nThe email is too long\nToo short',
    });
  });

  it('only logs answers without a readable message', () => {
    expect(classifyFailure(500, '<html>')).toEqual({
      type: 'bad-response',
      detail: 'HTTP 500 without an error message',
    });
    expect(classifyFailure(422, { error: {} }).type).toBe('bad-response');
  });

  it('exposes field errors on the thrown error for forms', () => {
    const error = new ApiError(422, classifyFailure(422, { error: { name: ['Required'] } }));
    expect(error.fieldErrors).toEqual({ name: 'Required' });
    expect(error.message).toBe('Required');
  });
});
