import { type PartsSearchInput, searchParts } from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../test/test-server.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { seedDemoCatalogue } from './demo-data.ts';

// The demo catalogue as a first start loads it (after the server listens, in batches of 10 parts
// with a pause between them), then the part numbers an engineer types first, as real ones.

const MUST_FIND: [keyword: string, partNumber: RegExp][] = [
  ['LM358', /^LM358/],
  ['ATMEGA328P-AU', /^ATMEGA328P-AU$/],
  ['atmega328pau', /^ATMEGA328P-AU$/],
  ['BSS138', /^BSS138/],
  ['2N7002', /^2N7002/],
  ['AMS1117-3.3', /^AMS1117-3\.3$/],
  ['ESP32-WROOM-32', /^ESP32-WROOM-32/],
  ['GRM155R71C104KA88D', /^GRM155R71C104KA88D$/],
  ['CL05B104KO5NNNC', /^CL05B104KO5NNNC$/],
  ['RC0603FR-074K7L', /^RC0603FR-074K7L$/],
  ['CRCW060310K0FKEA', /^CRCW060310K0FKEA$/],
  ['0603WAF4701T5E', /^0603WAF4701T5E$/],
  ['LM75', /^LM75/],
  ['C1525', /^CL05B104KO5NNNC$/],
];

describe.each(databaseKinds())('the demo catalogue loading at first start, on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;

  beforeAll(async () => {
    people = await createPeople(server());
  }, 120_000);

  it('loads whole, in small batches', async () => {
    const started = performance.now();
    expect(await seedDemoCatalogue(server().services, { databaseKind: kind })).toBe(
      demoCatalogue().length,
    );
    console.info(
      `demo catalogue loaded on ${kind} in ${Math.round(performance.now() - started)} ms`,
    );
    expect(demoCatalogue().length).toBeGreaterThan(20_000);
  }, 600_000);

  it('has the real part numbers an engineer types first', async () => {
    const search = async (body: PartsSearchInput) => {
      const response = await server().call(searchParts, { token: people.acme.viewer.token, body });
      expect(response.status).toBe(200);
      return response.data;
    };
    for (const [keyword, partNumber] of MUST_FIND) {
      const found = await search({ keyword });
      expect(found.totalAmount, keyword).toBeGreaterThan(0);
      expect(found.data[0]!.part_number, keyword).toMatch(partNumber);
    }
    const crystals = await search({ keyword: 'crystal 16MHz' });
    expect(crystals.totalAmount).toBeGreaterThanOrEqual(3);
    for (const row of crystals.data) expect(row.description).toMatch(/16MHz/);
  });
});
