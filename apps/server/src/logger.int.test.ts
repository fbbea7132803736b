import { createAddress } from '@circuits/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../test/test-server.ts';

// A query that fails is logged with its SQL, never with its values: they are people's addresses,
// names and phone numbers.

describe.each(databaseKinds())('the error log of a failed query on %s', (kind) => {
  const lines: string[] = [];
  const server = useTestServer(kind, {
    env: { LOG_LEVEL: 'error' },
    logStream: { write: (line) => lines.push(line) },
  });
  let team: Team;

  beforeAll(async () => {
    team = await createTeam(server(), 'Private Data Co');
    // Every new address now fails in the database, as a bug or an outage would make it.
    await server().database.db.execute(
      sql`alter table addresses add constraint refuse_new_addresses check (false) not valid`,
    );
  });

  it('logs the query at error level without the parameters', async () => {
    const response = await server().call(createAddress, {
      token: team.editor.token,
      body: {
        contact_name: 'Jane Secretname',
        line1: '42 Hidden Lane',
        city: 'Privateville',
        postal_code: 'PV 4242',
        country_code: 'US',
        phone: '+1 555 0199',
      },
    });
    expect(response.status).toBe(500);
    expect(response.json).toEqual({ error: 'Something went wrong on our side', code: 'internal' });

    const logged = lines.map((line) => JSON.parse(line));
    const failure = logged.find((entry) => entry.msg === 'unhandled error');
    expect(failure?.level).toBe(50);
    expect(failure.err.message).toMatch(/^Failed query: insert into "addresses" \(/);
    expect(failure.err.stack).toContain('Failed query: insert into "addresses"');
    const text = lines.join('\n');
    for (const personal of ['Secretname', 'Hidden Lane', 'Privateville', 'PV 4242', '555 0199']) {
      expect(text).not.toContain(personal);
    }
  });
});

// Reads (pages, assets, lists) are logged at debug so that writes and failures stand out at info.
describe('request lines', () => {
  const lines: string[] = [];
  const server = useTestServer('pglite', {
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
  });

  it('are written at info for writes and failures, and not for reads', async () => {
    lines.length = 0;
    expect((await server().request('GET', '/healthz')).status).toBe(200);
    expect((await server().request('GET', '/api/currency')).status).toBe(401);
    expect((await server().request('GET', '/api/docs/json')).status).toBe(200);
    const login = await server().request('POST', '/api/login', {
      json: { email: 'nobody@test.example', password: 'wrong-password-1' },
    });
    expect(login.status).toBe(422);
    const requests = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'request')
      .map((entry) => `${entry.level} ${entry.method} ${entry.path} ${entry.status}`);
    expect(requests).toEqual(['30 GET /api/currency 401', '30 POST /api/login 422']);
  });
});
