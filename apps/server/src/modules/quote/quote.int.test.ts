import { getInstantQuoteOptions } from '@circuits/contracts';
import { BOARD_SETTINGS_MESSAGES, type BoardSettings } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';

// The public instant quote through HTTP: no token, only settings and measured board facts.

describe.each(databaseKinds())('instant quote on %s', (kind) => {
  const server = useTestServer(kind, {
    env: { TRUST_PROXY: 'true', LIMIT_QUOTES_PER_ADDRESS: '3/1h' },
  });
  let defaults: BoardSettings;
  // Every test asks from its own address, so the limit of one does not spend another's.
  let nextAddress = 1;
  const address = () => `198.51.100.${nextAddress++}`;
  const ask = (from: string, json: unknown) =>
    server().request('POST', '/api/instantQuote/price', {
      json,
      headers: { 'x-forwarded-for': from },
    });

  beforeAll(async () => {
    const response = await server().call(getInstantQuoteOptions);
    expect(response.status, response.text).toBe(200);
    defaults = response.data.defaults;
  });

  it('offers the board settings options to anyone, without a token', async () => {
    const response = await server().call(getInstantQuoteOptions);
    expect(response.data.options.finishings).toContain('ENIG');
    expect(response.data.defaults.finishing).toBe('HASL Lead Free');
  });

  it('prices a board from its measured size and layers, line by line in three currencies', async () => {
    const from = address();
    const response = await ask(from, {
      settings: { ...defaults, unitsIn: 'mm', boardWidth: 100, boardLength: 80, numberLayers: 4 },
      facts: { widthMm: 100, lengthMm: 80, copperLayers: 4 },
      quantity: 5,
    });
    expect(response.status, response.text).toBe(200);
    const { quote, currencies } = response.json;
    expect(currencies.map((currency: { name: string }) => currency.name)).toEqual([
      'USD',
      'CAD',
      'EUR',
    ]);
    expect(quote.quantity).toBe(5);
    expect(quote.layers).toBe(4);
    expect(quote.lines.map((line: { reason: string }) => line.reason)).toContain(
      'Set-up for 4 layers',
    );
    expect(quote.total.USD).toBeGreaterThan(0);
    expect(quote.total.CAD).toBeGreaterThan(quote.total.USD);

    // Another finish changes the price, and says why.
    const enig = await ask(from, {
      settings: {
        ...defaults,
        unitsIn: 'mm',
        boardWidth: 100,
        boardLength: 80,
        numberLayers: 4,
        finishing: 'ENIG',
      },
      facts: null,
      quantity: 5,
    });
    expect(enig.status, enig.text).toBe(200);
    expect(enig.json.quote.total.USD).toBeGreaterThan(quote.total.USD);
    expect(
      enig.json.quote.lines.map((line: { reason: string }) => line.reason),
      enig.text,
    ).toContain('ENIG finish (+15 %)');
  });

  it('refuses what the fab does not make, naming the limit', async () => {
    const board = { ...defaults, unitsIn: 'mm', boardWidth: 100, boardLength: 60 };
    const cases: [Partial<BoardSettings>, string, string][] = [
      [
        { numberLayers: 6, boardThickness: 0.4 },
        'settings.boardThickness',
        'A 0.4 mm board has at most 2 layers: 6 layers need at least 0.8 mm',
      ],
      [
        { numberLayers: 12, boardThickness: 0.6, innerCooper: 1, outerCooper: 1 },
        'settings.boardThickness',
        'A 0.6 mm board has at most 4 layers: 12 layers need at least 1.2 mm',
      ],
      [
        { numberLayers: 2, boardMaterial: 'Aluminum' },
        'settings.boardMaterial',
        'Aluminum boards are made with 1 layer only, not 2 layers',
      ],
    ];
    for (const [settings, field, message] of cases) {
      const response = await ask(address(), {
        settings: { ...board, ...settings },
        facts: null,
        quantity: 10,
      });
      expect(response.status, response.text).toBe(422);
      expect(response.json.error[field], response.text).toBe(message);
    }
  });

  it('answers bad input with 422 naming the field, never 500', async () => {
    const from = address();
    const cases: [unknown, string, string][] = [
      [{ settings: defaults, quantity: 0 }, 'quantity', 'quantity should be at least 1'],
      [{ settings: defaults, quantity: 1.5 }, 'quantity', 'quantity must be a whole number'],
      [
        {
          settings: defaults,
          quantity: 1,
          facts: { widthMm: 5000, lengthMm: 10, copperLayers: 2 },
        },
        'facts.widthMm',
        'widthMm should be at most 1000 mm',
      ],
      [
        { settings: { ...defaults, boardWidth: 1e308, boardLength: 10 }, quantity: 1 },
        'settings.boardWidth',
        'Board sizes should be at most 1000 mm (39.37 in)',
      ],
      [
        {
          settings: { ...defaults, panelization: true, panelization_x: 1e6, panelization_y: 1 },
          quantity: 1,
        },
        'settings.panelization_x',
        'Panelization sizes should be at most 100 boards',
      ],
      [
        { settings: { ...defaults, edge_rail: 'Round', edge_rail_width: 1e308 }, quantity: 1 },
        'settings.edge_rail_width',
        'Edge rail width should be at most 50 mm (1.97 in)',
      ],
      [
        { settings: { ...defaults, min_hole_size: 1e308 }, quantity: 1 },
        'settings.min_hole_size',
        'Min hole size should be at most 10 mm',
      ],
      [
        {
          settings: defaults,
          quantity: 1,
          facts: { widthMm: 1e308, lengthMm: 10, copperLayers: 2 },
        },
        'facts.widthMm',
        'widthMm should be at most 1000 mm',
      ],
      [{ settings: defaults, quantity: 1e9 }, 'quantity', 'quantity should be at most 100000'],
      [
        { settings: { ...defaults, finishing: 'Gold leaf' }, quantity: 1, facts: null },
        'settings.finishing',
        BOARD_SETTINGS_MESSAGES.finishing,
      ],
      [
        { settings: { ...defaults, finishing: 'x'.repeat(500) }, quantity: 1 },
        'settings.finishing',
        'finishing is too long',
      ],
    ];
    // Each case from an address of its own: 422 answers are charged to the limit too.
    for (const [body, field, message] of cases) {
      const response = await ask(address(), body);
      expect(response.status, response.text).toBe(422);
      expect(response.json.error[field], response.text).toBe(message);
    }
    // No size: the SPEC §5 message on the field.
    const unsized = await ask(from, {
      settings: { ...defaults, boardWidth: null, boardLength: null },
      facts: null,
      quantity: 1,
    });
    expect(unsized.status, unsized.text).toBe(422);
    expect(unsized.json.error['settings.boardWidth']).toBe('Board sizes should be selected');
    // JSON reads 1e999 as Infinity: refused as no number, never priced.
    const infinite = await server().request('POST', '/api/instantQuote/price', {
      body: `{"settings":${JSON.stringify({ ...defaults, unitsIn: 'mm', boardLength: 10, numberLayers: 2 }).replace('"boardWidth":null', '"boardWidth":1e999')},"quantity":1}`,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
    });
    expect(infinite.status, infinite.text).toBe(422);
    expect(infinite.json.error).toEqual({ 'settings.boardWidth': 'boardWidth must be a number' });
    const notJson = await server().request('POST', '/api/instantQuote/price', {
      body: '{"settings":',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
    });
    expect(notJson.status).toBe(400);
  });

  it('answers 429 with Retry-After once an address has asked LIMIT_QUOTES_PER_ADDRESS times', async () => {
    const from = address();
    const body = {
      settings: { ...defaults, unitsIn: 'mm', boardWidth: 50, boardLength: 50, numberLayers: 2 },
      quantity: 10,
    };
    for (let i = 0; i < 3; i++) expect((await ask(from, body)).status).toBe(200);
    const refused = await ask(from, body);
    expect(refused.status, refused.text).toBe(429);
    expect(refused.json.error).toContain(
      'Too many instant quotes have been asked from your network address: at most 3 per hour',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Refused before the body is read: bad input from a spent address is 429 too.
    expect((await ask(from, { quantity: 'many' })).status).toBe(429);
    // Another address is not limited by it.
    expect((await ask(address(), body)).status).toBe(200);
  });

  it('counts an IPv6 /64 as one network address, and an IPv4-mapped address as the IPv4 one', async () => {
    const body = {
      settings: { ...defaults, unitsIn: 'mm', boardWidth: 50, boardLength: 50, numberLayers: 2 },
      quantity: 10,
    };
    // One client holds all of 2001:db8:a:b::/64.
    for (const from of ['2001:db8:a:b::1', '2001:db8:a:b::2', '2001:db8:a:b:ffff::3']) {
      expect((await ask(from, body)).status).toBe(200);
    }
    expect((await ask('2001:db8:a:b:1234:5678:9abc:def0', body)).status).toBe(429);
    expect((await ask('2001:db8:a:c::1', body)).status).toBe(200);

    expect((await ask('198.51.100.250', body)).status).toBe(200);
    expect((await ask('::ffff:198.51.100.250', body)).status).toBe(200);
    expect((await ask('198.51.100.250', body)).status).toBe(200);
    expect((await ask('::ffff:198.51.100.250', body)).status).toBe(429);
  });
});
