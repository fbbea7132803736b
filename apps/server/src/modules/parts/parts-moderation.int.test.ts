import {
  ADMIN_PAGE_SIZE,
  addBomRow,
  addManufacturer,
  addPart,
  addProduct,
  addProject,
  adminListAudit,
  allBrands,
  confirmManufacturer,
  confirmPart,
  deleteManufacturer,
  deletePart,
  type Endpoint,
  getPart,
  getProduct,
  MODERATION_ONLY_MESSAGE,
  mergeManufacturer,
  mergePart,
  moderationManufacturers,
  moderationParts,
  updatePart,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type Member, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form } from '../../../test/uploads.ts';
import { DEMO_MANUFACTURERS, demoCatalogue, demoPackages } from '../../seed/demo-catalogue.ts';

// Four YAGEO 0805 resistors of the generated catalogue, with their stock and price breaks.
const NUMBERS = ['RC0805FR-074K7L', 'RC0805FR-071KL', 'RC0805FR-0710KL', 'RC0805FR-07100KL'];
const RECORDS = demoCatalogue().filter((record) => NUMBERS.includes(record.partNumber));

describe.each(databaseKinds())('parts catalogue moderation on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let productId: number;
  const catalogueIds = new Map<string, number>();
  let counter = 0;

  const partOf = async (id: number, token = people.admin.token) =>
    server().call(getPart, { token, params: { id } });

  async function newManufacturer(by: Member = people.acme.editor) {
    counter += 1;
    const added = await server().call(addManufacturer, {
      token: by.token,
      body: { name: `Maker ${counter}` },
    });
    expect(added.status, added.text).toBe(201);
    return added.data.manufacturer;
  }

  async function newPart(
    options: { partNumber?: string; manufacturerId?: number; by?: Member; specs?: boolean } = {},
  ) {
    counter += 1;
    const manufacturerId =
      options.manufacturerId ?? (await newManufacturer(options.by ?? people.acme.editor)).id;
    const added = await server().call(addPart, {
      token: (options.by ?? people.acme.editor).token,
      body: {
        name: `Part ${counter}`,
        part_number: options.partNumber ?? `MOD-${counter}`,
        manufacturer_id: manufacturerId,
        ...(options.specs
          ? {
              specs: [
                { specification_id: 9, selected_option: '-40°C~+85°C' },
                { specification_id: 13, selected_option: '2' },
              ],
            }
          : {}),
      },
    });
    expect(added.status, added.text).toBe(201);
    return added.data.part;
  }

  async function bomRowUsing(partId: number, refDesign: string) {
    const added = await server().call(addBomRow, {
      token: people.acme.editor.token,
      params: { id: productId },
      body: { refDesign, part_id: partId },
    });
    expect(added.status, added.text).toBe(201);
    return added.data.data.id;
  }

  const bomOf = async () =>
    (
      await server().call(getProduct, {
        token: people.acme.editor.token,
        params: { id: productId },
      })
    ).data.bom;

  const auditEntries = async () =>
    (await server().call(adminListAudit, { token: people.admin.token })).data.entries;

  beforeAll(async () => {
    people = await createPeople(server());
    await server().services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
    await server().services.catalogue.loadPackages(demoPackages());
    await server().services.catalogue.loadRecords(RECORDS);
    for (const record of RECORDS) {
      const found = await server().services.parts.partsBySources(
        {
          userId: 0,
          companyId: 0,
          role: 'admin',
          companyRole: 'edit',
          emailConfirmed: true,
          tokenId: 0,
        },
        [record.source],
      );
      catalogueIds.set(record.partNumber, found[0]!.id);
    }
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Moderated' }),
    });
    const product = await server().call(addProduct, {
      token: people.acme.editor.token,
      params: { id: project.data.data.id },
      form: form({ name: 'Sensor', partNumber: 'MOD-1' }),
    });
    productId = product.data.data.id;
  }, 120_000);

  type Attempt = {
    endpoint: Endpoint;
    /** Makes what the call acts on; the call's path parameters and body. */
    prepare: () => Promise<{ params?: Record<string, number>; body?: unknown }>;
  };

  const attempts = (): Attempt[] => [
    { endpoint: moderationParts, prepare: async () => ({}) },
    { endpoint: moderationManufacturers, prepare: async () => ({}) },
    { endpoint: confirmPart, prepare: async () => ({ params: { id: (await newPart()).id } }) },
    {
      endpoint: mergePart,
      prepare: async () => ({
        params: { id: (await newPart()).id },
        body: { into_id: catalogueIds.get('RC0805FR-071KL')! },
      }),
    },
    {
      endpoint: confirmManufacturer,
      prepare: async () => ({ params: { id: (await newManufacturer()).id } }),
    },
    {
      endpoint: mergeManufacturer,
      prepare: async () => ({
        params: { id: (await newManufacturer()).id },
        body: { into_id: (await newManufacturer(people.globex.editor)).id },
      }),
    },
    {
      endpoint: deleteManufacturer,
      prepare: async () => ({ params: { id: (await newManufacturer()).id } }),
    },
  ];

  async function send(
    endpoint: Endpoint,
    token: string | undefined,
    prepared: { params?: Record<string, number>; body?: unknown },
  ) {
    const url = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      String(prepared.params?.[name]),
    );
    return server().request(endpoint.method, url, {
      token,
      ...(endpoint.method === 'POST' ? { json: prepared.body ?? {} } : {}),
    });
  }

  it('refuses every moderation call to visitors, members and company editors', async () => {
    for (const attempt of attempts()) {
      const prepared = await attempt.prepare();
      const anonymous = await send(attempt.endpoint, undefined, prepared);
      expect(anonymous.status, `${attempt.endpoint.path} anonymous`).toBe(401);
      for (const member of [people.acme.viewer, people.acme.editor, people.globex.editor]) {
        const refused = await send(attempt.endpoint, member.token, prepared);
        expect(refused.status, `${attempt.endpoint.path} ${member.email}`).toBe(403);
        expect(refused.json.error).toMatch(/Only administrators and moderators/);
      }
      // Nothing changed: what the call aimed at is still there, unconfirmed.
      if (attempt.endpoint === confirmPart || attempt.endpoint === mergePart) {
        const part = await partOf(prepared.params!.id!);
        expect(part.status).toBe(200);
        expect(part.data.part.confirmed).toBe(false);
      }
    }
    // An editor deletes the company's own unconfirmed part, never a confirmed one.
    const confirmed = catalogueIds.get('RC0805FR-0710KL')!;
    for (const member of [people.acme.viewer, people.acme.editor]) {
      const refused = await server().call(deletePart, {
        token: member.token,
        params: { id: confirmed },
      });
      expect(refused.status).toBe(403);
    }
    expect((await partOf(confirmed)).status).toBe(200);
    const queue = await server().call(moderationParts, { token: people.acme.editor.token });
    expect(queue.json.error).toBe(MODERATION_ONLY_MESSAGE);
  });

  it.each(['moderator', 'admin'] as const)('lets a %s make every moderation call', async (role) => {
    const token = people[role].token;
    for (const attempt of attempts()) {
      const prepared = await attempt.prepare();
      const answered = await send(attempt.endpoint, token, prepared);
      expect(answered.status, `${attempt.endpoint.path}: ${answered.text}`).toBe(200);
    }
    const own = await newPart();
    expect((await server().call(deletePart, { token, params: { id: own.id } })).status).toBe(200);
    expect((await partOf(own.id)).status).toBe(404);
  });

  it('lists unconfirmed parts and manufacturers of every company, searchable and paged', async () => {
    const acmeMaker = await newManufacturer();
    const acmePart = await newPart({
      partNumber: 'RC0805FR-07-4K7L',
      manufacturerId: acmeMaker.id,
    });
    const globexPart = await newPart({ by: people.globex.editor, partNumber: 'GX-QUEUE-1' });
    const all = await server().call(moderationParts, { token: people.moderator.token });
    expect(all.status).toBe(200);
    const listed = all.data.parts.find((part) => part.id === acmePart.id)!;
    expect(listed).toMatchObject({
      part_number: 'RC0805FR-07-4K7L',
      manufacturer: { id: acmeMaker.id, name: acmeMaker.name, confirmed: false },
      added: { company_name: 'Acme Circuits', user_name: expect.any(String) },
      bom_rows: 0,
    });
    // The confirmed part of the same number (dashes aside) is offered to merge into.
    expect(listed.duplicates).toEqual([
      expect.objectContaining({
        id: catalogueIds.get('RC0805FR-074K7L'),
        part_number: 'RC0805FR-074K7L',
        manufacturer: 'YAGEO',
      }),
    ]);
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    expect(all.data.parts.every((part) => part.manufacturer?.confirmed !== undefined)).toBe(true);

    const found = await server().call(moderationParts, {
      token: people.admin.token,
      query: { search: 'gx-queue' },
    });
    expect(found.data.parts.map((part) => part.id)).toEqual([globexPart.id]);
    expect(found.data.parts[0]!.added.company_name).toBe('Globex Boards');
    const byCompany = await server().call(moderationManufacturers, {
      token: people.admin.token,
      query: { search: acmeMaker.name },
    });
    expect(byCompany.data.manufacturers).toEqual([
      expect.objectContaining({ id: acmeMaker.id, parts_count: 1 }),
    ]);

    // Pages of 25, oldest first.
    while (
      (await server().call(moderationParts, { token: people.admin.token })).data.total <=
      ADMIN_PAGE_SIZE
    ) {
      await newPart();
    }
    const first = await server().call(moderationParts, {
      token: people.admin.token,
      query: { page: 1 },
    });
    const second = await server().call(moderationParts, {
      token: people.admin.token,
      query: { page: 2 },
    });
    expect(first.data.parts).toHaveLength(25);
    expect(second.data.parts.length).toBe(first.data.total - 25);
    expect(
      second.data.parts.some((part) => first.data.parts.some((other) => other.id === part.id)),
    ).toBe(false);

    // Confirmed: gone from the queue, seen by the other company, its manufacturer confirmed too.
    const confirmed = await server().call(confirmPart, {
      token: people.moderator.token,
      params: { id: globexPart.id },
    });
    expect(confirmed.data.part.confirmed).toBe(true);
    expect((await partOf(globexPart.id, people.acme.viewer.token)).status).toBe(200);
    const after = await server().call(moderationParts, {
      token: people.admin.token,
      query: { search: 'gx-queue' },
    });
    expect(after.data.parts).toEqual([]);
    const brands = (await server().call(allBrands, { token: people.acme.viewer.token })).data
      .brands;
    expect(brands.some((brand) => brand.id === confirmed.data.part.brand!.id)).toBe(true);
    const entry = (await auditEntries()).find(
      (audit) => audit.action === 'part.confirm' && audit.target_id === String(globexPart.id),
    )!;
    expect(entry.actor_name).toContain(people.moderator.email);
    expect(entry.before).toMatchObject({ confirmed: false, manufacturer_confirmed: false });
    expect(entry.after).toMatchObject({ confirmed: true, manufacturer_confirmed: true });
  });

  it('merges a duplicate part: BOM rows, spec values, stock and prices move to the kept part', async () => {
    const kept = catalogueIds.get('RC0805FR-074K7L')!;
    const duplicate = await newPart({ partNumber: 'RC0805FR-074K7L-DUP', specs: true });
    const keptBefore = (await partOf(kept)).data.part;
    expect(keptBefore.specifications.some((spec) => spec.specification_id === 9)).toBe(true);
    expect(keptBefore.specifications.some((spec) => spec.specification_id === 13)).toBe(false);
    const onDuplicate = await bomRowUsing(duplicate.id, 'R1, R2');
    const onKept = await bomRowUsing(kept, 'R3');

    const queued = await server().call(moderationParts, {
      token: people.admin.token,
      query: { search: 'RC0805FR-074K7L-DUP' },
    });
    expect(queued.data.parts[0]!.bom_rows).toBe(1);

    // In use: deleting it is refused, naming the way out.
    const refused = await server().call(deletePart, {
      token: people.admin.token,
      params: { id: duplicate.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe(
      'RC0805FR-074K7L-DUP cannot be deleted: 1 BOM row still uses it. Merge it into the part that replaces it instead',
    );

    const merged = await server().call(mergePart, {
      token: people.moderator.token,
      params: { id: duplicate.id },
      body: { into_id: kept },
    });
    expect(merged.status, merged.text).toBe(200);
    // The kept part had a temperature range already: it keeps its own, and gains the pin count.
    expect(merged.data.moved).toEqual({ bom_rows: 1, specs: 1, stock_lots: 0, price_breaks: 0 });
    const specs = merged.data.part.specifications;
    expect(specs.find((spec) => spec.specification_id === 9)).toEqual(
      keptBefore.specifications.find((spec) => spec.specification_id === 9),
    );
    expect(specs.find((spec) => spec.specification_id === 13)?.value).toBe('2');
    expect(specs).toHaveLength(keptBefore.specifications.length + 1);
    expect((await partOf(duplicate.id)).status).toBe(404);
    const rows = await bomOf();
    expect(rows.find((row) => row.id === onDuplicate)!.part_id).toBe(kept);
    expect(rows.find((row) => row.id === onKept)!.part_id).toBe(kept);

    const entry = (await auditEntries()).find(
      (audit) => audit.action === 'part.merge' && audit.target_id === String(duplicate.id),
    )!;
    expect(entry.summary).toContain(`into RC0805FR-074K7L (YAGEO, #${kept})`);
    expect(entry.before).toMatchObject({
      duplicate: { id: duplicate.id, part_number: 'RC0805FR-074K7L-DUP', confirmed: false },
      kept: { id: kept, confirmed: true },
    });
    expect(entry.after).toMatchObject({ duplicate: null, moved: merged.data.moved });
  });

  it('adds up the stock and keeps the prices of two catalogue parts merged', async () => {
    const kept = catalogueIds.get('RC0805FR-07100KL')!;
    const duplicate = catalogueIds.get('RC0805FR-0710KL')!;
    const [keptBefore, duplicateBefore] = [
      (await partOf(kept)).data.part,
      (await partOf(duplicate)).data.part,
    ];
    const merged = await server().call(mergePart, {
      token: people.admin.token,
      params: { id: duplicate },
      body: { into_id: kept },
    });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.data.part.qty.qty).toBe(keptBefore.qty.qty + duplicateBefore.qty.qty);
    expect(merged.data.part.qty.available).toBe(
      keptBefore.qty.available + duplicateBefore.qty.available,
    );
    // Both had breaks at the same quantities: the kept part's prices stay.
    expect(merged.data.part.price_breaks).toEqual(keptBefore.price_breaks);
    expect(merged.data.moved.price_breaks).toBe(0);
    expect(merged.data.moved.stock_lots).toBe(duplicateBefore.locs.length);
  });

  it('merges a duplicate manufacturer: its parts move, a part of the same number merges', async () => {
    const yageo = (await server().call(allBrands, { token: people.admin.token })).data.brands.find(
      (brand) => brand.name === 'YAGEO',
    )!;
    const yageoBefore = (
      await server().call(allBrands, { token: people.admin.token })
    ).data.brands.find((brand) => brand.id === yageo.id)!;
    const duplicateMaker = (
      await server().call(addManufacturer, {
        token: people.acme.editor.token,
        body: { name: 'Yageo Corp.', aliases: ['YAGEO Corp'] },
      })
    ).data.manufacturer;
    const sameNumber = await newPart({
      partNumber: 'RC0805FR-07-1KL',
      manufacturerId: duplicateMaker.id,
    });
    const ownNumber = await newPart({ partNumber: 'YC-ONLY-1', manufacturerId: duplicateMaker.id });
    const row = await bomRowUsing(sameNumber.id, 'R10');

    const merged = await server().call(mergeManufacturer, {
      token: people.moderator.token,
      params: { id: duplicateMaker.id },
      body: { into_id: yageo.id },
    });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.data.moved).toEqual({ parts: 1, merged_parts: 1 });
    // Its own aliases first, then the duplicate's name and aliases.
    expect(merged.data.manufacturer.aliases).toEqual([
      ...yageoBefore.aliases,
      'Yageo Corp.',
      'YAGEO Corp',
    ]);
    expect((await partOf(ownNumber.id)).data.part.brand).toEqual({ id: yageo.id, name: 'YAGEO' });
    expect((await partOf(sameNumber.id)).status).toBe(404);
    expect((await bomOf()).find((bom) => bom.id === row)!.part_id).toBe(
      catalogueIds.get('RC0805FR-071KL'),
    );
    expect(
      (
        await server().call(confirmManufacturer, {
          token: people.admin.token,
          params: { id: duplicateMaker.id },
        })
      ).status,
    ).toBe(404);
    const entry = (await auditEntries()).find((audit) => audit.action === 'manufacturer.merge')!;
    expect(entry.target_id).toBe(String(duplicateMaker.id));
    expect(entry.before).toMatchObject({
      duplicate: { name: 'Yageo Corp.' },
      kept: { name: 'YAGEO' },
    });
  });

  it('confirms and deletes manufacturers through the SPEC calls, each written to the audit log', async () => {
    const maker = await newManufacturer();
    const confirmed = await server().call(confirmManufacturer, {
      token: people.moderator.token,
      params: { id: maker.id },
    });
    expect(confirmed.data.manufacturer.confirmed).toBe(true);
    // Twice: nothing more to record.
    await server().call(confirmManufacturer, {
      token: people.moderator.token,
      params: { id: maker.id },
    });
    const entries = (await auditEntries()).filter(
      (audit) => audit.target_type === 'manufacturer' && audit.target_id === String(maker.id),
    );
    expect(entries.map((audit) => audit.action)).toEqual(['manufacturer.confirm']);
    expect(entries[0]!.before).toMatchObject({ confirmed: false });
    expect(entries[0]!.after).toMatchObject({ confirmed: true });

    const deleted = await server().call(deleteManufacturer, {
      token: people.admin.token,
      params: { id: maker.id },
    });
    expect(deleted.status).toBe(200);
    const gone = (await auditEntries()).find(
      (audit) => audit.action === 'manufacturer.delete' && audit.target_id === String(maker.id),
    )!;
    expect(gone.summary).toBe(`Deleted manufacturer ${maker.name}`);
    expect(gone.after).toBeNull();
  });

  it('writes staff changes made through the part form to the audit log, not those of editors', async () => {
    const part = await newPart();
    const byEditor = await server().call(updatePart, {
      token: people.acme.editor.token,
      params: { id: part.id },
      form: form({ description: 'Changed by its company' }),
    });
    expect(byEditor.status, byEditor.text).toBe(200);
    const confirmed = await server().call(updatePart, {
      token: people.moderator.token,
      params: { id: part.id },
      form: form({ confirmed: 'true', name: 'Checked part' }),
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const renamed = await server().call(updatePart, {
      token: people.admin.token,
      params: { id: part.id },
      form: form({ name: 'Checked part, renamed' }),
    });
    expect(renamed.status, renamed.text).toBe(200);
    // Saved again as it is: nothing changed, nothing written.
    const unchanged = await server().call(updatePart, {
      token: people.admin.token,
      params: { id: part.id },
      form: form({ name: 'Checked part, renamed' }),
    });
    expect(unchanged.status, unchanged.text).toBe(200);
    const entries = (await auditEntries()).filter(
      (audit) => audit.target_type === 'part' && audit.target_id === String(part.id),
    );
    // Newest first; the editor's change to their company's unconfirmed part is not there.
    expect(entries.map((audit) => audit.action)).toEqual(['part.update', 'part.confirm']);
    const [update, confirm] = entries;
    expect(confirm!.actor_name).toContain(people.moderator.email);
    expect(confirm!.summary).toContain(`Confirmed part ${part.part_number}`);
    expect(confirm!.before).toMatchObject({ confirmed: false, name: part.name });
    expect(confirm!.after).toMatchObject({ confirmed: true, name: 'Checked part' });
    expect(update!.actor_name).toContain(people.admin.email);
    expect(update!.before).toMatchObject({ name: 'Checked part' });
    expect(update!.after).toMatchObject({ name: 'Checked part, renamed', confirmed: true });
  });

  it('answers bad input with field messages, never a 500', async () => {
    const part = await newPart();
    const token = people.admin.token;
    const cases: { body: unknown; field: string; message: string }[] = [
      { body: {}, field: 'into_id', message: 'into_id is required' },
      { body: { into_id: 'seven' }, field: 'into_id', message: 'into_id must be a whole number' },
      {
        body: { into_id: -3 },
        field: 'into_id',
        message: 'into_id must be a positive whole number',
      },
      {
        body: { into_id: part.id },
        field: 'into_id',
        message: 'A part cannot be merged into itself',
      },
      {
        body: { into_id: 99_999_999 },
        field: 'into_id',
        message: 'into_id 99999999: there is no such part',
      },
    ];
    for (const { body, field, message } of cases) {
      const answered = await server().request('POST', `/api/parts/${part.id}/merge`, {
        token,
        json: body,
      });
      expect(answered.status, answered.text).toBe(422);
      expect(answered.json.error[field]).toBe(message);
    }
    const missing = await server().call(mergePart, {
      token,
      params: { id: 99_999_999 },
      body: { into_id: part.id },
    });
    expect(missing.status).toBe(404);
    const maker = await newManufacturer();
    const self = await server().call(mergeManufacturer, {
      token,
      params: { id: maker.id },
      body: { into_id: maker.id },
    });
    expect(self.status).toBe(422);
    expect(self.json.error.into_id).toBe('A manufacturer cannot be merged into itself');
    const control = await server().request(
      'GET',
      `/api/admin/moderation/parts?search=${encodeURIComponent('res\u0007istor')}`,
      { token },
    );
    expect(control.status).toBe(422);
    expect(JSON.stringify(control.json.error)).toContain('control characters');
    const badPage = await server().request('GET', '/api/admin/moderation/manufacturers?page=0', {
      token,
    });
    expect(badPage.status).toBe(422);
    expect(badPage.json.error.page).toBe('Page must be 1 or more');
    // Nothing was changed by the refused calls.
    expect((await partOf(part.id)).data.part.confirmed).toBe(false);
  });
});
