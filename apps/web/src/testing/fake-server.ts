import type { User } from '@circuits/contracts';

// A stand-in for the network in component and client tests: answers fetch() from a route table
// and records what the app sent. Journeys against the real server live in e2e/.

export interface SentRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | 'network-error';
type Route = (request: SentRequest) => Answer;

export class FakeServer {
  readonly requests: SentRequest[] = [];
  readonly #routes = new Map<string, Route>();

  on(method: string, path: string, route: Route | Answer): this {
    this.#routes.set(`${method} ${path}`, typeof route === 'function' ? route : () => route);
    return this;
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const request: SentRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    this.requests.push(request);
    const route = this.#routes.get(`${method} ${url.split('?')[0]}`);
    const answer = route ? route(request) : { status: 404, body: { error: 'Not found' } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Erin',
    lastname: 'Editor',
    email: 'editor@northwind.example',
    role: 'other',
    company_role: 'edit',
    isConfirmedEmail: true,
    company: {
      id: 3,
      name: 'Northwind Electronics',
      address_id: null,
      default_address_id: null,
      shipping_account_id: null,
      shipping_accounts: [],
      currency: { id: 1, name: 'CAD' },
      tax: 13,
    },
    ...overrides,
  };
}
