import { addProductFiles } from '@circuits/contracts';
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { writeToken } from './browser-storage.ts';

// Uploads that report progress go through XMLHttpRequest; this stand-in plays the network: it
// records what was sent, reports the upload in steps and answers with a status and a body.

interface Exchange {
  status: number;
  body: unknown;
}

class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: Exchange | 'network-error' = { status: 200, body: {} };

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  abort() {
    this.onabort?.();
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const total = 1000;
    for (const loaded of [250, 500, 1000]) {
      this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    }
    const answer = FakeXhr.answer;
    queueMicrotask(() => {
      if (answer === 'network-error') {
        this.onerror?.();
        return;
      }
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    });
  }
}

const filesAnswer = {
  files: [],
  boardFiles: [],
  addedFileIds: [],
  added: [],
  summary: 'No files added',
};

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', () =>
    Promise.reject(new Error('an upload with progress must not use fetch')),
  );
  writeToken('token-1');
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

function upload(onUploadProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('files[]', new File(['G04*'], 'top.gtl'));
  return apiRequest(addProductFiles, {
    params: { id: 21 },
    body: form,
    errors: 'inline',
    onUploadProgress,
  });
}

describe('apiRequest with upload progress', () => {
  it('sends the form with the token and reports how much has gone out', async () => {
    FakeXhr.answer = { status: 201, body: filesAnswer };
    const progress: number[] = [];
    const answer = await upload((fraction) => progress.push(fraction));
    expect(answer).toEqual(filesAnswer);
    expect(progress).toEqual([0.25, 0.5, 1]);
    const [request] = FakeXhr.sent;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/products/21/addFiles');
    expect(request?.headers.Authorization).toBe('Bearer token-1');
    expect(request?.headers['Content-Type']).toBeUndefined();
    expect(request?.body).toBeInstanceOf(FormData);
  });

  it('turns a refusal into the server message, leaving the toast to the caller', async () => {
    FakeXhr.answer = {
      status: 413,
      body: {
        error: 'big.gbr is larger than the 100 MB limit per file',
        code: 'payload_too_large',
      },
    };
    const error = await upload(() => {}).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).message).toBe('big.gbr is larger than the 100 MB limit per file');
    expect(notificationsStore.getState().notifications).toEqual([]);
  });

  it('reports a lost connection as a network failure', async () => {
    FakeXhr.answer = 'network-error';
    const error = await upload(() => {}).catch((failure: unknown) => failure);
    expect((error as ApiError).failure).toEqual({ type: 'network' });
  });
});
