import { getUser, listAddresses, updateAddress } from '@circuits/contracts';
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer, sampleUser } from '../testing/fake-server.ts';
import { apiRequest } from './api-client.ts';
import { ApiError, LOGGED_OUT_MESSAGE } from './api-error.ts';
import { readToken, writeToken } from './browser-storage.ts';
import { onSessionEnd, type SessionEndReason } from './session.ts';

function toasts() {
  return notificationsStore
    .getState()
    .notifications.map((toast) => ({ title: toast.title, message: toast.message }));
}

let server: FakeServer;
let ended: SessionEndReason[];
let stopListening: () => void;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
  ended = [];
  stopListening = onSessionEnd((reason) => ended.push(reason));
  writeToken('token-1');
});

afterEach(() => {
  stopListening();
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the bearer token, asks for JSON and returns the checked answer', async () => {
    server.on('GET', '/api/user', { status: 200, body: { user: sampleUser() } });
    const answer = await apiRequest(getUser);
    expect(answer.user.company.name).toBe('Northwind Electronics');
    expect(server.requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(server.requests[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('fills path parameters and sends the JSON body', async () => {
    server.on('PUT', '/api/addresses/12', (request) => ({
      status: 422,
      body: { error: { city: 'City is required' }, code: 'validation_failed', sent: request.body },
    }));
    const body = { line1: '1 Main St', city: '', postal_code: 'K1A', country_code: 'CA' };
    await expect(apiRequest(updateAddress, { params: { id: 12 }, body })).rejects.toThrow(ApiError);
    expect(server.requests[0]?.body).toEqual(body);
    expect(server.requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('only logs an answer that breaks the contract', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.on('GET', '/api/user', { status: 200, body: { user: { id: 'seven' } } });
    const error = await apiRequest(getUser).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).failure.type).toBe('bad-response');
    expect(toasts()).toEqual([]);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it('logs out once with one toast when parallel requests find the token expired', async () => {
    server.on('GET', '/api/addresses', {
      status: 401,
      body: { error: 'Token is Expired', code: 'token_expired' },
    });
    server.on('GET', '/api/user', { status: 401, body: { error: 'Token is Expired' } });
    const results = await Promise.allSettled([
      apiRequest(listAddresses),
      apiRequest(getUser),
      apiRequest(listAddresses),
    ]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(readToken()).toBeNull();
    expect(ended).toEqual(['expired']);
    expect(toasts()).toEqual([{ title: 'Error', message: LOGGED_OUT_MESSAGE }]);
  });

  it('logs a disabled account out and says why', async () => {
    server.on('GET', '/api/user', {
      status: 403,
      body: {
        error: 'This account is disabled',
        code: 'account_disabled',
        disabledAccountError: true,
      },
    });
    await expect(apiRequest(getUser)).rejects.toThrow('This account is disabled');
    expect(ended).toEqual(['disabled']);
    expect(readToken()).toBeNull();
    expect(toasts()).toEqual([{ title: 'Error', message: 'This account is disabled' }]);
  });

  it('logs out on an expired token even for a quiet request (SPEC §8 toast)', async () => {
    server.on('GET', '/api/addresses', {
      status: 401,
      body: { error: 'Token has Expired', code: 'token_expired' },
    });
    await expect(apiRequest(listAddresses, { errors: 'silent' })).rejects.toThrow(
      LOGGED_OUT_MESSAGE,
    );
    expect(readToken()).toBeNull();
    expect(ended).toEqual(['expired']);
    expect(toasts()).toEqual([{ title: 'Error', message: LOGGED_OUT_MESSAGE }]);
  });

  it('logs a disabled account out from a quiet request too, once for parallel ones', async () => {
    const disabled = {
      status: 403,
      body: {
        error: 'This account is disabled',
        code: 'account_disabled',
        disabledAccountError: true,
      },
    };
    server.on('GET', '/api/addresses', disabled);
    server.on('GET', '/api/user', disabled);
    const results = await Promise.allSettled([
      apiRequest(listAddresses, { errors: 'silent' }),
      apiRequest(getUser, { errors: 'silent' }),
      apiRequest(listAddresses, { errors: 'silent' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(readToken()).toBeNull();
    expect(ended).toEqual(['disabled']);
    expect(toasts()).toEqual([{ title: 'Error', message: 'This account is disabled' }]);
  });

  it('keeps other failures of a quiet request to the caller', async () => {
    server.on('GET', '/api/addresses', { status: 409, body: { error: 'Already changed' } });
    server.on('GET', '/api/user', { status: 404, body: { error: 'Order not found' } });
    await expect(apiRequest(listAddresses, { errors: 'silent' })).rejects.toThrow(
      'Already changed',
    );
    await expect(apiRequest(getUser, { errors: 'silent' })).rejects.toThrow('Not found');
    expect(readToken()).toBe('token-1');
    expect(ended).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('joins field messages in a toast while logged in, and keeps them for the form', async () => {
    server.on('GET', '/api/addresses', {
      status: 422,
      body: { error: { line1: 'Street address is required', city: 'City is required' } },
    });
    const error = (await apiRequest(listAddresses).catch(
      (failure: unknown) => failure,
    )) as ApiError;
    expect(error.fieldErrors).toEqual({
      line1: 'Street address is required',
      city: 'City is required',
    });
    expect(toasts()).toEqual([
      { title: 'Error', message: 'Street address is required\nCity is required' },
    ]);
  });

  it('shows no toast for field messages while logged out', async () => {
    writeToken(null);
    server.on('GET', '/api/addresses', { status: 422, body: { error: { email: 'Taken' } } });
    await expect(apiRequest(listAddresses)).rejects.toThrow('Taken');
    expect(toasts()).toEqual([]);
  });

  it('says "Not found" for a 404 and repeats other server messages', async () => {
    server.on('GET', '/api/user', { status: 404, body: { error: 'Product not found' } });
    server.on('GET', '/api/addresses', { status: 409, body: { error: 'Already changed' } });
    await expect(apiRequest(getUser)).rejects.toThrow('Not found');
    await expect(apiRequest(listAddresses)).rejects.toThrow('Already changed');
    expect(toasts()).toEqual([
      { title: 'Error', message: 'Not found' },
      { title: 'Error', message: 'Already changed' },
    ]);
  });

  it('leaves messages to forms that show them in place', async () => {
    server.on('GET', '/api/user', { status: 422, body: { error: 'Wrong email or password' } });
    await expect(apiRequest(getUser, { errors: 'inline' })).rejects.toThrow(
      'Wrong email or password',
    );
    expect(toasts()).toEqual([]);
  });

  it('tells the user when the server cannot be reached', async () => {
    server.on('GET', '/api/user', 'network-error');
    const error = (await apiRequest(getUser).catch((failure: unknown) => failure)) as ApiError;
    expect(error.failure).toEqual({ type: 'network' });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]?.message).toMatch(/could not be reached/);
  });
});
