import {
  buildPath,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@circuits/contracts/endpoint';
import type { z } from 'zod';
import { ApiError, type ApiFailure, classifyFailure, LOGGED_OUT_MESSAGE } from './api-error.ts';
import { readToken } from './browser-storage.ts';
import { endSession } from './session.ts';
import { showToast } from './toasts.ts';

// The one way the web app talks to the server: bearer token, JSON, the answer checked against
// the endpoint's contract schema, and every failure handled by the SPEC §8 catalogue here.

/**
 * How failures reach the user:
 * - 'toast': the whole catalogue (default);
 * - 'inline': the caller shows messages itself (login and register forms);
 * - 'silent': nothing shown (background reads, error reports).
 *
 * Whatever the display, an answer that ends the session (an expired or invalid token, a 401, a
 * disabled account) logs the user out with the SPEC §8 message: a quiet request must not leave
 * a disabled user on the page holding their token.
 */
export type ErrorDisplay = 'toast' | 'inline' | 'silent';

type Optional<T> = undefined extends T ? { [K in keyof T]?: T[K] } : T;

/** What a call sends, typed by the endpoint's contract. */
export type RequestOptions<E extends Endpoint> = {
  signal?: AbortSignal;
  errors?: ErrorDisplay;
  /** Called as a form body goes out, with the share sent (0 to 1); fetch cannot report this. */
  onUploadProgress?: (fraction: number) => void;
} & (E['params'] extends z.ZodType ? { params: EndpointParams<E> } : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: Optional<EndpointQuery<E>> } : { query?: never }) &
  (E['body'] extends { type: 'json' }
    ? { body: EndpointBody<E> }
    : E['body'] extends { type: 'multipart' }
      ? { body: FormData }
      : { body?: never });

type QueryValue = string | number | boolean | null | undefined;

export function buildUrl(path: string, params?: object, query?: object): string {
  const filled = buildPath(path, (params ?? {}) as Record<string, string | number>);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${filled}?${queryString}` : filled;
}

/** What the transport hands back: the status and the body text. */
interface RawResponse {
  ok: boolean;
  status: number;
  text: string;
}

interface RawRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  signal: AbortSignal | undefined;
}

async function sendWithFetch(request: RawRequest): Promise<RawResponse> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
  });
  return { ok: response.ok, status: response.status, text: await response.text() };
}

/** XMLHttpRequest, the one browser API that reports how much of a request body has gone out. */
function sendWithXhr(
  request: RawRequest,
  onUploadProgress: (fraction: number) => void,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({
        ok: xhr.status >= 200 && xhr.status < 300,
        status: xhr.status,
        text: xhr.responseText,
      });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (request.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((request.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function parseBody(text: string): unknown {
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function applyFailure(failure: ApiFailure, sentToken: string | null, display: ErrorDisplay): void {
  // Only the first failure for a token ends the session: parallel requests fail together.
  const sessionStillOpen = sentToken !== null && readToken() === sentToken;
  switch (failure.type) {
    case 'session-expired':
      if (!sessionStillOpen) return;
      endSession('expired');
      showToast('error', LOGGED_OUT_MESSAGE);
      return;
    case 'account-disabled':
      if (sentToken !== null && !sessionStillOpen) return;
      if (sentToken !== null) endSession('disabled');
      // Without a session to end (a login form) the form shows the message itself when quiet.
      if (sentToken !== null || display !== 'silent') showToast('error', failure.message);
      return;
  }
  if (display === 'silent') return;
  switch (failure.type) {
    case 'bad-response':
      console.error('Unreadable answer from the server:', failure.detail);
      return;
    case 'fields':
      // Field messages go on the form fields; the toast repeats them only while logged in.
      if (display === 'toast' && sentToken !== null) showToast('error', failure.message);
      return;
    case 'not-found':
    case 'message':
    case 'network':
      if (display === 'toast') showToast('error', new ApiError(0, failure).message);
      return;
  }
}

export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  ...[options]: Partial<RequestOptions<E>> extends RequestOptions<E>
    ? [RequestOptions<E>?]
    : [RequestOptions<E>]
): Promise<EndpointResponse<E>> {
  const {
    params,
    query,
    body: requestBody,
    signal,
    onUploadProgress,
  } = (options ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
    errors?: ErrorDisplay;
    onUploadProgress?: (fraction: number) => void;
  };
  const display = options?.errors ?? 'toast';
  const token = readToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (requestBody instanceof FormData) {
    body = requestBody;
  } else if (requestBody !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(requestBody);
  }

  const request: RawRequest = {
    url: buildUrl(endpoint.path, params, query),
    method: endpoint.method,
    headers,
    body,
    signal,
  };
  let response: RawResponse;
  try {
    response =
      onUploadProgress && body instanceof FormData
        ? await sendWithXhr(request, onUploadProgress)
        : await sendWithFetch(request);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const failure: ApiFailure = { type: 'network' };
    applyFailure(failure, token, display);
    throw new ApiError(0, failure);
  }

  const payload = parseBody(response.text);
  if (!response.ok) {
    const failure = classifyFailure(response.status, payload);
    applyFailure(failure, token, display);
    throw new ApiError(response.status, failure);
  }
  // A 200 that still carries an error field (SPEC §8 checks the body, not only the status).
  if (typeof payload === 'object' && payload !== null && 'error' in payload && payload.error) {
    const failure = classifyFailure(response.status, payload);
    applyFailure(failure, token, display);
    throw new ApiError(response.status, failure);
  }
  const parsed = endpoint.response.safeParse(payload);
  if (!parsed.success) {
    const failure: ApiFailure = {
      type: 'bad-response',
      detail: `${endpoint.method} ${endpoint.path}: ${parsed.error.message}`,
    };
    applyFailure(failure, token, display);
    throw new ApiError(response.status, failure);
  }
  return parsed.data as EndpointResponse<E>;
}
