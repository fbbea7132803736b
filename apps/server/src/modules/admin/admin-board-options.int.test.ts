import {
  ADMIN_ONLY_MESSAGE,
  addProduct,
  addProject,
  addToCart,
  adminAddBoardOption,
  adminBoardOptions,
  adminDeleteBoardOption,
  adminListAudit,
  adminOrderBoardOptions,
  adminPriceBooks,
  adminRenameBoardOption,
  type Endpoint,
  getBoardSettingsOptions,
  getCart,
  getProduct,
  STAFF_ONLY_MESSAGE,
  saveBoardSettings,
} from '@circuits/contracts';
import { BOARD_OPTION_LISTS, type BoardSettings, DEFAULT_PRICE_BOOK } from '@circuits/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { orderableBoard } from '../../../test/orders.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form } from '../../../test/uploads.ts';

/** A valid 2 in × 2 in two-layer board on the defaults. */
const VALID = { numberLayers: 2, boardWidth: 2, boardLength: 2 } satisfies Partial<BoardSettings>;

type Call = {
  endpoint: Endpoint;
  params?: Record<string, string>;
  body?: () => unknown;
  write: boolean;
};

describe.each(databaseKinds())('board settings options in the admin panel on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  const projectOf = new Map<number, number>();

  const offered = async () =>
    (await server().call(getBoardSettingsOptions, { token: people.acme.viewer.token })).data
      .options;

  const listed = async (name: string) => {
    const answer = await server().call(adminBoardOptions, { token: people.moderator.token });
    return answer.data.lists.find((list) => list.name === name)!;
  };

  async function board(name: string, settings: Partial<BoardSettings>, team = people.acme) {
    const product = await server().call(addProduct, {
      token: team.editor.token,
      params: { id: projectOf.get(team.companyId)! },
      form: form({ name, partNumber: `${name.toUpperCase().replace(/\W/g, '')}-1` }),
    });
    const id = product.data.data.id;
    const saved = await server().call(saveBoardSettings, {
      token: team.editor.token,
      params: { id },
      body: { ...VALID, ...settings },
    });
    expect(saved.status, saved.text).toBe(200);
    return id;
  }

  beforeAll(async () => {
    people = await createPeople(server());
    for (const team of [people.acme, people.globex]) {
      const project = await server().call(addProject, {
        token: team.editor.token,
        form: form({ title: 'Option boards' }),
      });
      projectOf.set(team.companyId, project.data.data.id);
    }
  });

  // Every call; in this order an administrator's calls each succeed.
  const calls: Call[] = [
    { endpoint: adminBoardOptions, write: false },
    {
      endpoint: adminAddBoardOption,
      params: { list: 'viaProcesses' },
      body: () => ({ value: 'Via in pad' }),
      write: true,
    },
    {
      endpoint: adminRenameBoardOption,
      params: { list: 'viaProcesses' },
      body: () => ({ option: 'Via in pad', value: 'Via in pad, filled' }),
      write: true,
    },
    {
      endpoint: adminOrderBoardOptions,
      params: { list: 'viaProcesses' },
      body: () => ({
        options: [
          'Via in pad, filled',
          'Tenting vias',
          'Plugged vias',
          'Epoxy filled and capped',
          'Untented',
        ],
      }),
      write: true,
    },
    {
      endpoint: adminDeleteBoardOption,
      params: { list: 'viaProcesses' },
      body: () => ({ option: 'Via in pad, filled' }),
      write: true,
    },
  ];

  const send = (call: Call, token: string | undefined) =>
    server().request(
      call.endpoint.method,
      call.endpoint.path.replace('{list}', call.params?.list ?? ''),
      { token, ...(call.endpoint.method === 'POST' ? { json: call.body?.() ?? {} } : {}) },
    );

  it('refuses anonymous visitors, members and company editors; moderators only read', async () => {
    const before = await offered();
    for (const call of calls) {
      expect((await send(call, undefined)).status, `${call.endpoint.path} anonymous`).toBe(401);
      for (const member of [people.acme.viewer, people.acme.editor, people.globex.editor]) {
        const refused = await send(call, member.token);
        expect(refused.status, `${call.endpoint.path} ${member.email}`).toBe(403);
        expect(refused.json.error).toBe(STAFF_ONLY_MESSAGE);
      }
      const moderator = await send(call, people.moderator.token);
      if (call.write) {
        expect(moderator.status, `${call.endpoint.path} moderator`).toBe(403);
        expect(moderator.json.error).toBe(ADMIN_ONLY_MESSAGE);
      } else {
        expect(moderator.status, moderator.text).toBe(200);
      }
    }
    expect(await offered()).toEqual(before);
  });

  it('lets an administrator make every call', async () => {
    for (const call of calls) {
      const response = await send(call, people.admin.token);
      expect(response.status, `${call.endpoint.path}: ${response.text}`).toBe(call.endpoint.status);
    }
    expect((await offered()).viaProcesses).toEqual([
      'Tenting vias',
      'Plugged vias',
      'Epoxy filled and capped',
      'Untented',
    ]);
  });

  it('lists every list in the order of the Board tab, with the saved boards choosing each option', async () => {
    await board('Rogers board', { boardMaterial: 'Rogers', finishing: 'ENIG' });
    await board('Globex rogers', { boardMaterial: 'Rogers', finishing: 'ENIG' }, people.globex);
    const answer = await server().call(adminBoardOptions, { token: people.moderator.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data.lists.map((list) => list.name)).toEqual(
      BOARD_OPTION_LISTS.map((list) => list.name),
    );
    const materials = answer.data.lists[0]!;
    expect(materials).toMatchObject({ label: 'Base materials', kind: 'text' });
    expect(materials.options.find((option) => option.value === 'Rogers')!.boards).toBe(2);
    expect(materials.options.find((option) => option.value === 'Aluminum')!.boards).toBe(0);
    const masks = answer.data.lists.find((list) => list.name === 'maskColors')!;
    expect(masks.options[0]).toEqual({ value: 'Green', hex: '#004200', boards: 2, priced: null });
    const thicknesses = answer.data.lists.find((list) => list.name === 'boardThicknessesMm')!;
    expect(thicknesses).toMatchObject({ kind: 'number', unit: 'mm', min: 0.1, max: 10 });
    expect(thicknesses.options.find((option) => option.value === 1.6)!.boards).toBe(2);
  });

  it('adds an option the Board tab then offers and its validation accepts', async () => {
    const refusedFirst = await server().call(saveBoardSettings, {
      token: people.acme.editor.token,
      params: { id: await board('Cem board', {}) },
      body: { ...VALID, boardMaterial: 'CEM-3' },
    });
    expect(refusedFirst.json.error).toEqual({ boardMaterial: 'Board material should be selected' });
    const added = await server().call(adminAddBoardOption, {
      token: people.admin.token,
      params: { list: 'materials' },
      body: { value: '  CEM-3 ' },
    });
    expect(added.status, added.text).toBe(201);
    // The price book does not price it yet: the panel says so.
    expect(added.data.list.options.at(-1)).toEqual({
      value: 'CEM-3',
      hex: null,
      boards: 0,
      priced: false,
    });
    expect(added.data.list.options[0]!.priced).toBe(true);
    expect((await offered()).materials.at(-1)).toBe('CEM-3');
    await board('Cem board 2', { boardMaterial: 'CEM-3' });
    expect((await listed('materials')).options.at(-1)!.boards).toBe(1);
  });

  it('reorders a list: the Board tab offers the new order, the audit log has before and after', async () => {
    const order = ['Black', 'White', 'Yellow'];
    const moved = await server().call(adminOrderBoardOptions, {
      token: people.admin.token,
      params: { list: 'silkColors' },
      body: { options: order },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.data.list.options.map((option) => option.value)).toEqual(order);
    expect((await offered()).silkColors).toEqual([
      { name: 'Black', hex: '#000000' },
      { name: 'White', hex: '#ffffff' },
      { name: 'Yellow', hex: '#ffde00' },
    ]);
    const audit = await server().call(adminListAudit, { token: people.moderator.token });
    expect(audit.data.entries[0]).toMatchObject({
      action: 'boardOptions.order',
      target_type: 'boardOptions',
      target_id: 'silkColors',
      actor_id: people.admin.userId,
      summary: 'Put Silkscreen colours in the order Black, White, Yellow',
      before: { silkColors: [{ name: 'White' }, { name: 'Black' }, { name: 'Yellow' }] },
      after: { silkColors: [{ name: 'Black' }, { name: 'White' }, { name: 'Yellow' }] },
    });
    const stale = await server().call(adminOrderBoardOptions, {
      token: people.admin.token,
      params: { list: 'silkColors' },
      body: { options: ['White', 'Black'] },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toBe(
      'Silkscreen colours changed since they were loaded: reload them and try again',
    );
  });

  it('renames an option with the saved boards choosing it, pages and checks following', async () => {
    const id = await board('Purple board', { maskColor: 'Purple', finishing: 'OSP' });
    const renamed = await server().call(adminRenameBoardOption, {
      token: people.admin.token,
      params: { list: 'maskColors' },
      body: { option: 'Purple', value: 'Royal purple', hex: '#5A2A82' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.data.boards_updated).toBe(1);
    expect(renamed.data.list.options.find((option) => option.value === 'Royal purple')).toEqual({
      value: 'Royal purple',
      hex: '#5a2a82',
      boards: 1,
      priced: null,
    });
    // Its surcharge carries over to the new name in a new price book version.
    const books = await server().call(adminPriceBooks, { token: people.moderator.token });
    expect(books.data.current.version).toBe(renamed.data.price_book_version);
    expect(books.data.current.book.maskColors['Royal purple']).toEqual(
      DEFAULT_PRICE_BOOK.maskColors.Purple,
    );
    expect(books.data.current.book.maskColors.Purple).toBeUndefined();
    expect(books.data.versions[0]!.note).toBe(
      'Solder mask colours: Purple renamed to Royal purple',
    );
    const page = await server().call(getProduct, {
      token: people.acme.viewer.token,
      params: { id },
    });
    expect(page.data.settings!.maskColor).toBe('Royal purple');
    // The saved board still passes the rules against the renamed list.
    const again = await server().call(saveBoardSettings, {
      token: people.acme.editor.token,
      params: { id },
      body: { boardWidth: 3 },
    });
    expect(again.status, again.text).toBe(200);
    const audit = await server().call(adminListAudit, { token: people.admin.token });
    expect(audit.data.entries[0]).toMatchObject({
      action: 'boardOptions.rename',
      summary:
        'Changed Purple of Solder mask colours to Royal purple (#5a2a82); 1 saved board followed',
      after: { boardsUpdated: 1, priceBookVersion: renamed.data.price_book_version },
    });
    expect(audit.data.entries[1]).toMatchObject({ action: 'priceBook.publish' });
    const thickness = await server().call(adminRenameBoardOption, {
      token: people.admin.token,
      params: { list: 'boardThicknessesMm' },
      body: { option: 3.2, value: 3.0 },
    });
    expect(thickness.status, thickness.text).toBe(200);
    expect(thickness.data.list.options.at(-1)!.value).toBe(3);
    expect(thickness.data.price_book_version).toBeNull();
  });

  it('renames a material in the price book and in carts ordering it, prices following', async () => {
    const token = people.globex.editor.token;
    const productId = await orderableBoard(server(), token, 'High Tg board');
    const added = await server().call(addToCart, {
      token,
      body: { product_id: productId, amount: 5, material: 'FR4 High Tg' },
    });
    expect(added.status, added.text).toBe(200);
    const pricedBefore = added.data.cart.find((line) => line.product_id === productId)!;
    expect(pricedBefore.line_price).not.toBeNull();
    const renamed = await server().call(adminRenameBoardOption, {
      token: people.admin.token,
      params: { list: 'materials' },
      body: { option: 'FR4 High Tg', value: 'FR4 High Tg 170' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.data.price_book_version).not.toBeNull();
    const cart = await server().call(getCart, { token });
    const line = cart.data.cart.find((shown) => shown.product_id === productId)!;
    expect(line.material).toBe('FR4 High Tg 170');
    expect(line.materials).toContain('FR4 High Tg 170');
    expect(line.error).toBeNull();
    expect(line.line_price).toEqual(pricedBefore.line_price);
    const audit = await server().call(adminListAudit, { token: people.admin.token });
    expect(audit.data.entries[0]!.after).toMatchObject({ cartLinesUpdated: 1 });
  });

  it('refuses to delete an option saved boards choose, naming them; deletes an unused one', async () => {
    const used = await server().call(adminDeleteBoardOption, {
      token: people.admin.token,
      params: { list: 'materials' },
      body: { option: 'Rogers' },
    });
    expect(used.status).toBe(409);
    expect(used.json.error).toBe(
      'Rogers is chosen by 2 saved boards: Rogers board (ROGERSBOARD-1) of Acme Circuits; Globex rogers (GLOBEXROGERS-1) of Globex Boards. Change their board settings first, or rename the option.',
    );
    expect((await offered()).materials).toContain('Rogers');
    const unused = await server().call(adminDeleteBoardOption, {
      token: people.admin.token,
      params: { list: 'materials' },
      body: { option: 'Aluminum' },
    });
    expect(unused.status, unused.text).toBe(200);
    expect((await offered()).materials).not.toContain('Aluminum');
    const audit = await server().call(adminListAudit, { token: people.admin.token });
    expect(audit.data.entries[0]).toMatchObject({
      action: 'boardOptions.delete',
      summary: 'Removed Aluminum from Base materials',
    });
  });

  it('answers bad input with field messages and changes nothing', async () => {
    const before = await offered();
    const change = (endpoint: Endpoint, list: string, body: unknown) =>
      server().request('POST', endpoint.path.replace('{list}', list), {
        token: people.admin.token,
        json: body,
      });
    const cases: [Endpoint, string, unknown, number, unknown][] = [
      [adminAddBoardOption, 'colours', { value: 'Red' }, 404, 'Resource not found'],
      [adminAddBoardOption, 'materials', {}, 422, { value: 'Value must be text or a number' }],
      [
        adminAddBoardOption,
        'materials',
        { value: 'FR4' },
        422,
        { value: 'Base materials already include FR4' },
      ],
      [
        adminAddBoardOption,
        'materials',
        { value: 'x'.repeat(101) },
        422,
        { value: 'Value must be at most 100 characters' },
      ],
      [
        adminAddBoardOption,
        'materials',
        { value: 'FR\u00005' },
        422,
        { value: 'Value may not contain control characters (found U+0000)' },
      ],
      [
        adminAddBoardOption,
        'boardThicknessesMm',
        { value: 25 },
        422,
        { value: 'Thickness must be a number from 0.1 to 10 mm' },
      ],
      [
        adminAddBoardOption,
        'numberLayers',
        { value: 3.5 },
        422,
        { value: 'Number of layers must be a whole number from 1 to 64' },
      ],
      [
        adminAddBoardOption,
        'maskColors',
        { value: 'Orange' },
        422,
        { hex: 'Colour must be #rrggbb, e.g. #004200' },
      ],
      [adminAddBoardOption, 'maskColors', { value: 'Orange', hex: '#ff8800' }, 201, null],
      [
        adminAddBoardOption,
        'edgeRails',
        { value: 'Diagonal' },
        422,
        { value: 'Edge rail must be one of None, Round, Top and Bottom Side, Left and Right Side' },
      ],
      [
        adminRenameBoardOption,
        'materials',
        { option: 'FR5', value: 'FR6' },
        422,
        { option: 'Base materials do not include FR5' },
      ],
      [
        adminRenameBoardOption,
        'panelCuttings',
        { option: 'V-Scoring', value: 'Scoring' },
        409,
        'Panel cuttings cannot be renamed: the board rules know them by name',
      ],
      [
        adminOrderBoardOptions,
        'units',
        { options: 'mm' },
        422,
        { options: 'Options must be a list' },
      ],
      [
        adminDeleteBoardOption,
        'units',
        { option: 'furlong' },
        422,
        { option: 'Units do not include furlong' },
      ],
    ];
    for (const [endpoint, list, body, status, error] of cases) {
      const response = await change(endpoint, list, body);
      expect(response.status, `${endpoint.path} ${JSON.stringify(body)}: ${response.text}`).toBe(
        status,
      );
      if (error !== null) expect(response.json.error).toEqual(error);
    }
    expect((await offered()).maskColors.at(-1)).toEqual({ name: 'Orange', hex: '#ff8800' });
    expect({ ...(await offered()), maskColors: before.maskColors }).toEqual(before);
    const inches = await change(adminDeleteBoardOption, 'units', { option: 'in' });
    expect(inches.status).toBe(409);
    expect(inches.json.error).toMatch(/^in is chosen by \d+ saved boards: /);
    expect((await offered()).units).toEqual(['in', 'mm']);
  });
});
