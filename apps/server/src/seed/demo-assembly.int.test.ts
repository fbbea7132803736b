import {
  getProduct,
  listProjects,
  login,
  moderationManufacturers,
  moderationParts,
} from '@circuits/contracts';
import { partNumberKey } from '@circuits/domain';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, useTestServer } from '../../test/test-server.ts';
import { uploadStagingDir } from '../app.ts';
import { DEMO_MEMBER_PARTS } from './demo-assembly.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo-data.ts';
import { sampleBoardParts } from './sample-board.ts';

// The demo data of a first start, seeded into an empty database in this process: the demo
// boards' BOM rows and placements, read from their files and matched to the catalogue, and the
// demo editor's additions waiting in the moderation queue.

describe.each(databaseKinds())('demo board assembly on %s', (kind) => {
  const server = useTestServer(kind);
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const seeded = await seedDemoData(server().services, {
      stagingDir: uploadStagingDir(server().dataDir),
      logger: pino({ level: 'silent' }),
    });
    expect(seeded).toBe(true);
    for (const email of [
      'viewer@northwind.example',
      'buyer@globex.example',
      'moderator@circuits.example',
    ]) {
      const answer = await server().call(login, { body: { email, password: DEMO_PASSWORD } });
      tokens[email] = answer.data.token!;
    }
  }, 240_000);

  async function demoPage(email: string) {
    const token = tokens[email]!;
    const { projects } = (await server().call(listProjects, { token })).data;
    const productId = projects[0]!.products[0]!.id;
    return (await server().call(getProduct, { token, params: { id: productId } })).data;
  }

  it('gives the demo board one BOM row per part it uses, each linked to the catalogue part it names', async () => {
    const page = await demoPage('viewer@northwind.example');
    const parts = sampleBoardParts();
    expect(page.bom).toHaveLength(new Set(parts.map((part) => part.mpn)).size);
    for (const row of page.bom) {
      const designators = row.refDesign.map((entry) => entry.refDesign);
      const named = parts.filter((part) => designators.includes(part.ref));
      expect(named, row.part_number ?? '').toHaveLength(designators.length);
      expect(new Set(named.map((part) => part.mpn)).size).toBe(1);
      expect(row.part_id, row.part_number ?? '').not.toBeNull();
      expect(partNumberKey(row.part_info!.part_number)).toBe(partNumberKey(named[0]!.mpn));
    }
    // A placement for every part, tied to its BOM row, with a catalogue package for the chips.
    expect(page.placements.map((placement) => placement.refDesign).sort()).toEqual(
      parts.map((part) => part.ref).sort(),
    );
    const bomOf = new Map(
      page.bom.flatMap((row) => row.refDesign.map((entry) => [entry.refDesign, row.id] as const)),
    );
    for (const placement of page.placements) {
      expect(placement.bom_id, placement.refDesign).toBe(bomOf.get(placement.refDesign));
      expect(placement.package, placement.refDesign).not.toBeNull();
    }
  });

  it("matches the second company's board only to what it sees: not the first company's unconfirmed parts", async () => {
    const page = await demoPage('buyer@globex.example');
    const memberNumbers = new Set(DEMO_MEMBER_PARTS.map((entry) => entry.part.part_number));
    for (const row of page.bom) {
      if (memberNumbers.has(row.part_number ?? '')) expect(row.part_id).toBeNull();
      else expect(row.part_id, row.part_number ?? '').not.toBeNull();
    }
    expect(page.placements).toHaveLength(sampleBoardParts().length);
  });

  it("queues the demo editor's parts and manufacturers for moderation", async () => {
    const token = tokens['moderator@circuits.example']!;
    const parts = (await server().call(moderationParts, { token })).data;
    expect(parts.parts.map((part) => part.part_number).sort()).toEqual(
      DEMO_MEMBER_PARTS.map((entry) => entry.part.part_number).sort(),
    );
    for (const part of parts.parts) {
      expect(part.added.company_name).toBe('Northwind Electronics');
    }
    // The LED and the header are on the demo board: their BOM rows are counted.
    const used = Object.fromEntries(parts.parts.map((part) => [part.part_number, part.bom_rows]));
    expect(used).toMatchObject({ 'LTST-C171GKT': 1, 'PH1-04-UA': 1, 'RC0805FR-07-10KL': 0 });
    const duplicate = parts.parts.find((part) => part.part_number === 'RC0805FR-07-10KL')!;
    expect(duplicate.duplicates.map((entry) => entry.part_number)).toEqual(['RC0805FR-0710KL']);
    const makers = (await server().call(moderationManufacturers, { token })).data;
    expect(makers.manufacturers.map((maker) => maker.name).sort()).toEqual(
      DEMO_MEMBER_PARTS.map((entry) => entry.manufacturer).sort(),
    );
  });
});
