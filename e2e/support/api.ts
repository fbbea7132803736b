import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures.ts';

// Sets up data through the real API, so a journey starts where its story does (a product that
// exists already) without clicking through what another journey covers.

export interface ApiSession {
  request: APIRequestContext;
  token: string;
}

export async function apiLogIn(request: APIRequestContext, email: string): Promise<ApiSession> {
  const response = await request.post('/api/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { request, token };
}

/** A new account and company, registered as the register page would (email not confirmed). */
export async function apiRegister(
  request: APIRequestContext,
  person: { name: string; lastname: string; email: string; password: string },
): Promise<ApiSession> {
  const response = await request.post('/api/register', {
    data: { ...person, company_name: `${person.lastname} Boards`, country_code: 'CA' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { request, token };
}

function auth(session: ApiSession) {
  return { Authorization: `Bearer ${session.token}`, Accept: 'application/json' };
}

export async function apiCreateProject(session: ApiSession, title: string): Promise<number> {
  const form = new FormData();
  form.append('title', title);
  form.append('markedColor', '#f7cc36');
  const response = await session.request.post('/api/projects/add', {
    headers: auth(session),
    multipart: form,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

export interface UploadFile {
  name: string;
  content: Buffer;
}

export async function apiCreateProduct(
  session: ApiSession,
  projectId: number,
  name: string,
  files: readonly UploadFile[] = [],
): Promise<number> {
  const form = new FormData();
  form.append('name', name);
  form.append('partNumber', `${name.slice(0, 3).toUpperCase()}-001`);
  for (const file of files)
    form.append('files[]', new Blob([new Uint8Array(file.content)]), file.name);
  const response = await session.request.post(`/api/projects/${projectId}/products/add`, {
    headers: auth(session),
    multipart: form,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}
