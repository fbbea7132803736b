import {
  addProduct,
  addProject,
  duplicateProduct,
  getBoardSettingsOptions,
  getProduct,
  saveBoardSettings,
} from '@circuits/contracts';
import {
  type BoardSettings,
  DEFAULT_BOARD_SETTINGS,
  DEFAULT_BOARD_SETTINGS_OPTIONS,
} from '@circuits/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { form } from '../../../test/uploads.ts';

/** A valid 2 in × 2 in two-layer board on the defaults. */
const VALID = { numberLayers: 2, boardWidth: 2, boardLength: 2 } satisfies Partial<BoardSettings>;

describe.each(databaseKinds())('board settings on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let productId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    const token = people.acme.editor.token;
    const project = await server().call(addProject, { token, form: form({ title: 'Boards' }) });
    const product = await server().call(addProduct, {
      token,
      params: { id: project.data.data.id },
      form: form({ name: 'Settings board', partNumber: 'SET-1' }),
    });
    productId = product.data.data.id;
  });

  const save = (body: Partial<BoardSettings>, token = people.acme.editor.token, id = productId) =>
    server().call(saveBoardSettings, { token, params: { id }, body });

  const page = async (id = productId) =>
    (await server().call(getProduct, { token: people.acme.viewer.token, params: { id } })).data;

  it('offers the seeded options (FR4 and HASL Lead Free first) and the SPEC defaults', async () => {
    const response = await server().call(getBoardSettingsOptions, {
      token: people.acme.viewer.token,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.data.options).toEqual(
      JSON.parse(JSON.stringify(DEFAULT_BOARD_SETTINGS_OPTIONS)),
    );
    expect(response.data.options.materials[0]).toBe('FR4');
    expect(response.data.options.finishings[0]).toBe('HASL Lead Free');
    expect(response.data.defaults).toEqual(DEFAULT_BOARD_SETTINGS);
    expect(response.data.defaults).toMatchObject({
      finishing: 'HASL Lead Free',
      boardMaterial: 'FR4',
      edge_rail_width: 0.15,
      min_hole_size: 0.3,
    });
    const anonymous = await server().request('GET', '/api/getBoardSettingsOptions');
    expect(anonymous.status).toBe(401);
  });

  it('starts without settings, saves valid ones over the defaults and keeps absent fields', async () => {
    expect((await page()).settings).toBeNull();
    const saved = await save(VALID);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data.settings).toEqual({ ...DEFAULT_BOARD_SETTINGS, ...VALID });
    expect((await page()).settings).toEqual(saved.data.settings);

    const metric = await save({
      unitsIn: 'mm',
      boardWidth: 50.8,
      boardLength: 50.8,
      finishing: 'ENIG',
    });
    expect(metric.status, metric.text).toBe(200);
    expect(metric.data.settings).toMatchObject({
      unitsIn: 'mm',
      boardWidth: 50.8,
      finishing: 'ENIG',
      numberLayers: 2,
      boardMaterial: 'FR4',
    });
  });

  it('refuses invalid settings with the SPEC §5 messages and saves nothing', async () => {
    const before = (await page()).settings;
    const cases: [Partial<BoardSettings>, Record<string, string>][] = [
      [{ boardWidth: 0 }, { boardWidth: 'Board sizes should be selected' }],
      [{ boardLength: -1 }, { boardLength: 'Board sizes should be selected' }],
      [{ edge_rail: 'Sideways' }, { edge_rail: 'Edge rails should be selected' }],
      [
        { panelization: true, panelization_x: 0, panelization_y: 2 },
        { panelization_x: 'Panelization sizes should be selected' },
      ],
      [
        {
          unitsIn: 'in',
          boardWidth: 3,
          boardLength: 3,
          edge_rail: 'Round',
          edge_rail_width: 0.149,
        },
        { edge_rail_width: 'Edge rail width should be greater than 0.15 in' },
      ],
      [
        {
          unitsIn: 'mm',
          boardWidth: 80,
          boardLength: 80,
          edge_rail: 'Round',
          edge_rail_width: 3.8,
        },
        { edge_rail_width: 'Edge rail width should be greater than 4 mm' },
      ],
      [
        {
          unitsIn: 'mm',
          boardWidth: 30,
          boardLength: 30,
          panelization: true,
          panelization_x: 2,
          panelization_y: 2,
          edge_rail: 'None',
          panel_cutting: 'V-Scoring',
        },
        { panel_cutting: 'Panel sizes should be greater than 75mm for V-Scoring' },
      ],
      [
        {
          unitsIn: 'in',
          boardWidth: 1,
          boardLength: 1,
          panelization: true,
          panelization_x: 2,
          panelization_y: 2,
          edge_rail: 'None',
          panel_cutting: 'V-Scoring',
        },
        { panel_cutting: 'Panel sizes should be greater than 3in for V-Scoring' },
      ],
      [{ panel_cutting: 'Laser' }, { panel_cutting: 'Panel cutting should be selected' }],
      [
        {
          unitsIn: 'mm',
          boardWidth: 40,
          boardLength: 40,
          panelization: true,
          panelization_x: 2,
          panelization_y: 2,
          panel_cutting: 'V-Scoring+Tab-routing',
          rout_width_horizontal: 2,
          rout_width_vertical: 2,
        },
        { rout_width_horizontal: 'Rout width should be selected' },
      ],
      [
        {
          unitsIn: 'in',
          panelization: true,
          panelization_x: 2,
          panelization_y: 2,
          panel_cutting: 'Tab-routing',
          rout_width_horizontal: 0.0787401,
          rout_width_vertical: 0.393701,
        },
        {
          rout_width_horizontal:
            'Rout width should be between 0.0787402 and 0.393701 in for Tab-routing',
        },
      ],
      [{ boardMaterial: 'Cardboard' }, { boardMaterial: 'Board material should be selected' }],
      [{ numberLayers: 3 }, { numberLayers: 'Number of layers should be selected' }],
      [{ boardThickness: 1.7 }, { boardThickness: 'Board thickness should be selected' }],
      [{ finishing: 'Chocolate' }, { finishing: 'Finishing should be selected' }],
      [{ unitsIn: 'cm' }, { unitsIn: 'Units should be selected' }],
      [{ via_process: null }, { via_process: 'Via process should be selected' }],
      [{ outerCooper: 5 }, { outerCooper: 'Outer copper weight should be selected' }],
      [{ maskColor: 'Pink' }, { maskColor: 'Mask color should be selected' }],
      [{ min_hole_size: -0.2 }, { min_hole_size: 'Min hole size should be greater than 0 mm' }],
      [{ min_hole_size: 0 }, { min_hole_size: 'Min hole size should be greater than 0 mm' }],
    ];
    for (const [body, messages] of cases) {
      const response = await save({ ...VALID, unitsIn: 'in', panelization: false, ...body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.json.error, JSON.stringify(body)).toEqual(messages);
    }
    expect((await page()).settings).toEqual(before);
  });

  it('accepts the limits themselves, in inches and millimetres', async () => {
    const limits: Partial<BoardSettings>[] = [
      { unitsIn: 'in', edge_rail: 'Round', edge_rail_width: 0.15, boardWidth: 3, boardLength: 3 },
      { unitsIn: 'mm', edge_rail: 'Round', edge_rail_width: 4, boardWidth: 75, boardLength: 75 },
      {
        unitsIn: 'mm',
        boardWidth: 37.5,
        boardLength: 37.5,
        panelization: true,
        panelization_x: 2,
        panelization_y: 2,
        edge_rail: 'None',
        panel_cutting: 'V-Scoring',
      },
      {
        unitsIn: 'in',
        panelization: true,
        panelization_x: 2,
        panelization_y: 2,
        panel_cutting: 'Tab-routing',
        rout_width_horizontal: 0.0787402,
        rout_width_vertical: 0.393701,
      },
    ];
    for (const body of limits) {
      const response = await save({ ...VALID, ...body });
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(200);
    }
  });

  it('refuses numbers no board can be with the field message, never 500, and saves nothing', async () => {
    const before = (await page()).settings;
    const cases: [Partial<BoardSettings>, string, string][] = [
      [{ boardWidth: 1e308 }, 'boardWidth', 'Board sizes should be at most 1000 mm (39.37 in)'],
      [
        { unitsIn: 'in', boardWidth: 2, boardLength: 500 },
        'boardLength',
        'Board sizes should be at most 1000 mm (39.37 in)',
      ],
      [
        { panelization: true, panelization_x: 1e9, panelization_y: 2 },
        'panelization_x',
        'Panelization sizes should be at most 100 boards',
      ],
      [
        { panelization: true, panelization_x: 2, panelization_y: -1e308 },
        'panelization_y',
        'Panelization sizes should be selected',
      ],
      [
        { edge_rail: 'Round', edge_rail_width: 1e308 },
        'edge_rail_width',
        'Edge rail width should be at most 50 mm (1.97 in)',
      ],
      [{ numberLayers: 1e308 }, 'numberLayers', 'Number of layers should be at most 100'],
      [{ min_hole_size: 1e308 }, 'min_hole_size', 'Min hole size should be at most 10 mm'],
      [
        { rout_width_vertical: 1e308 },
        'rout_width_vertical',
        'Rout width should be at most 10 mm (0.393701 in)',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await save({ ...VALID, ...body });
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(422);
      expect(response.json.error[field], response.text).toBe(message);
    }
    // JSON reads 1e999 as Infinity: not a number a board has.
    const infinite = await server().request('POST', `/api/products/${productId}/saveSettings`, {
      token: people.acme.editor.token,
      body: '{"boardWidth":1e999,"boardLength":-1e999}',
      headers: { 'content-type': 'application/json' },
    });
    expect(infinite.status, infinite.text).toBe(422);
    expect(infinite.json.error).toEqual({
      boardWidth: 'boardWidth must be a number',
      boardLength: 'boardLength must be a number',
    });
    expect((await page()).settings).toEqual(before);
  });

  it('names fields of the wrong type', async () => {
    const response = await server().request('POST', `/api/products/${productId}/saveSettings`, {
      token: people.acme.editor.token,
      json: { boardWidth: 'wide', panelization: 'yes', finishing: 5 },
    });
    expect(response.status).toBe(422);
    expect(response.json.error).toEqual({
      boardWidth: 'boardWidth must be a number',
      panelization: 'panelization must be true or false',
      finishing: 'finishing must be text',
    });
  });

  it('validates against the options in force when an administrator changes them', async () => {
    await server().database.db.execute(
      sql`update board_settings_options set values = '["HASL Lead Free","OSP"]'::jsonb where name = 'finishings'`,
    );
    try {
      const options = await server().call(getBoardSettingsOptions, {
        token: people.acme.viewer.token,
      });
      expect(options.data.options.finishings).toEqual(['HASL Lead Free', 'OSP']);
      const enig = await save({ ...VALID, finishing: 'ENIG' });
      expect(enig.json.error).toEqual({ finishing: 'Finishing should be selected' });
      expect((await save({ ...VALID, finishing: 'OSP' })).status).toBe(200);
    } finally {
      await server().database.db.execute(
        sql`update board_settings_options set values = ${JSON.stringify(DEFAULT_BOARD_SETTINGS_OPTIONS.finishings)}::jsonb where name = 'finishings'`,
      );
    }
  });

  it('lets editors and admins save; refuses read-only members, other companies and anonymous', async () => {
    expect((await save(VALID, people.admin.token)).status).toBe(200);
    const viewer = await save(VALID, people.acme.viewer.token);
    expect(viewer.status).toBe(403);
    const moderator = await save(VALID, people.moderator.token);
    expect(moderator.status).toBe(403);
    const outsider = await save(VALID, people.globex.editor.token);
    expect(outsider.status).toBe(404);
    expect(outsider.json.error).toBe('Product not found');
    const outsiderPage = await server().call(getProduct, {
      token: people.globex.editor.token,
      params: { id: productId },
    });
    expect(outsiderPage.status).toBe(404);
    const anonymous = await server().request('POST', `/api/products/${productId}/saveSettings`, {
      json: VALID,
    });
    expect(anonymous.status).toBe(401);
    expect((await save(VALID, people.acme.editor.token, 99_999_999)).status).toBe(404);
  });

  it('copies the settings with a duplicated product', async () => {
    const saved = await save({ ...VALID, finishing: 'ENEPIG', maskColor: 'Blue' });
    const copy = await server().call(duplicateProduct, {
      token: people.acme.editor.token,
      params: { id: productId },
    });
    expect(copy.status, copy.text).toBe(201);
    expect((await page(copy.data.data.id)).settings).toEqual(saved.data.settings);
  });
});
