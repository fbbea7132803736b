import {
  BOARD_BOUND_MESSAGES,
  BOARD_FILE_TYPES,
  BOARD_SETTINGS_MESSAGES,
  EDGE_RAILS,
  LENGTH_UNITS,
  MAX_BOARD_SIDE,
  MAX_BOARD_THICKNESS_MM,
  MAX_COPPER_WEIGHT_OZ,
  MAX_EDGE_RAIL_WIDTH,
  MAX_LAYERS,
  MAX_MIN_HOLE_SIZE_MM,
  MAX_PANEL_BOARDS,
  MIN_HOLE_SIZE_MESSAGE,
  PANEL_CUTTINGS,
  ROUT_WIDTH_RANGE,
} from '@circuits/domain';
import { z } from 'zod';
import { defineEndpoint, jsonBody, multipartBody } from './endpoint.ts';
import { idField, idParam } from './fields.ts';

// The board tab: settings and their offered options (SPEC §3, §5), the board analysis that
// proposes a size and layer count, and the render cache (SPEC §4, §7, §9).

// ---- Resources -------------------------------------------------------------------------------

const ColorOption = z
  .object({ name: z.string(), hex: z.string().meta({ description: '#rrggbb' }) })
  .meta({ id: 'ColorOption' });

/** What the board form offers (domain `BoardSettingsOptions`); the first material is the default. */
export const BoardSettingsOptions = z
  .object({
    materials: z.array(z.string()),
    numberLayers: z.array(z.int().positive()),
    boardThicknessesMm: z.array(z.number().positive()),
    finishings: z.array(z.string()),
    units: z.array(z.enum(LENGTH_UNITS)),
    viaProcesses: z.array(z.string()),
    edgeRails: z.array(z.enum(EDGE_RAILS)),
    panelCuttings: z.array(z.enum(PANEL_CUTTINGS)),
    maskColors: z.array(ColorOption),
    silkColors: z.array(ColorOption),
    outerCopperWeightsOz: z.array(z.number().positive()),
    innerCopperWeightsOz: z.array(z.number().positive()),
  })
  .meta({ id: 'BoardSettingsOptions' });
export type BoardSettingsOptions = z.infer<typeof BoardSettingsOptions>;

type NumberBound = { max: number; tooLarge: string; tooSmall: string };

// What a board can be (domain board-limits): above `max` a number is refused with `tooLarge`,
// below −`max` with the SPEC's "should be selected" message (zero and negative values are
// refused by the domain rules with that message too). Lengths are in `unitsIn`: the larger
// number of the two units' limits (the millimetre one) bounds them here, the domain rules bound
// them in the unit chosen.
const BOARD_NUMBER_BOUNDS = {
  boardThickness: {
    max: MAX_BOARD_THICKNESS_MM,
    tooLarge: BOARD_BOUND_MESSAGES.boardThickness,
    tooSmall: BOARD_SETTINGS_MESSAGES.boardThickness,
  },
  panelization_x: {
    max: MAX_PANEL_BOARDS,
    tooLarge: BOARD_BOUND_MESSAGES.panelizationSize,
    tooSmall: BOARD_SETTINGS_MESSAGES.panelizationSizes,
  },
  panelization_y: {
    max: MAX_PANEL_BOARDS,
    tooLarge: BOARD_BOUND_MESSAGES.panelizationSize,
    tooSmall: BOARD_SETTINGS_MESSAGES.panelizationSizes,
  },
  edge_rail_width: {
    max: MAX_EDGE_RAIL_WIDTH.mm,
    tooLarge: BOARD_BOUND_MESSAGES.edgeRailWidth,
    tooSmall: BOARD_BOUND_MESSAGES.edgeRailWidth,
  },
  rout_width_horizontal: {
    max: ROUT_WIDTH_RANGE.mm.max,
    tooLarge: BOARD_BOUND_MESSAGES.routWidth,
    tooSmall: BOARD_SETTINGS_MESSAGES.routWidth,
  },
  rout_width_vertical: {
    max: ROUT_WIDTH_RANGE.mm.max,
    tooLarge: BOARD_BOUND_MESSAGES.routWidth,
    tooSmall: BOARD_SETTINGS_MESSAGES.routWidth,
  },
  numberLayers: {
    max: MAX_LAYERS,
    tooLarge: BOARD_BOUND_MESSAGES.numberLayers,
    tooSmall: BOARD_SETTINGS_MESSAGES.numberLayers,
  },
  boardWidth: {
    max: MAX_BOARD_SIDE.mm,
    tooLarge: BOARD_BOUND_MESSAGES.boardSize,
    tooSmall: BOARD_SETTINGS_MESSAGES.boardSizes,
  },
  boardLength: {
    max: MAX_BOARD_SIDE.mm,
    tooLarge: BOARD_BOUND_MESSAGES.boardSize,
    tooSmall: BOARD_SETTINGS_MESSAGES.boardSizes,
  },
  outerCooper: {
    max: MAX_COPPER_WEIGHT_OZ,
    tooLarge: BOARD_BOUND_MESSAGES.outerCopper,
    tooSmall: 'Outer copper weight should be selected',
  },
  innerCooper: {
    max: MAX_COPPER_WEIGHT_OZ,
    tooLarge: BOARD_BOUND_MESSAGES.innerCopper,
    tooSmall: 'Inner copper weight should be selected',
  },
  min_hole_size: {
    max: MAX_MIN_HOLE_SIZE_MM,
    tooLarge: BOARD_BOUND_MESSAGES.minHoleSize,
    tooSmall: MIN_HOLE_SIZE_MESSAGE,
  },
} satisfies Record<string, NumberBound>;

type BoardNumberField = keyof typeof BOARD_NUMBER_BOUNDS;

const choice = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(100, `${field} is too long`);
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/**
 * SPEC §3 board settings, field names as the SPEC spells them (domain `BoardSettings`). The five
 * panel lengths (boardWidth, boardLength, edge_rail_width, rout_width_horizontal,
 * rout_width_vertical) are in `unitsIn`; boardThickness and min_hole_size in mm; copper in oz.
 * `bounded`: numbers within what a board can be (requests); otherwise any finite number (answers,
 * so settings saved before a bound existed still read).
 */
function boardSettingsSchema(bounded: boolean) {
  const number = (field: BoardNumberField) => {
    const plain = z.number({ error: `${field} must be a number` });
    if (!bounded) return plain;
    const { max, tooLarge, tooSmall } = BOARD_NUMBER_BOUNDS[field];
    return plain.min(-max, tooSmall).max(max, tooLarge);
  };
  return z.object({
    boardThickness: number('boardThickness').nullable().meta({ description: 'mm' }),
    finishing: choice('finishing').nullable(),
    unitsIn: choice('unitsIn').nullable().meta({ description: "'in' or 'mm'" }),
    boardMaterial: choice('boardMaterial').nullable(),
    customerWillSupplyBareBoard: flag('customerWillSupplyBareBoard'),
    panelization: flag('panelization'),
    panelization_x: number('panelization_x').nullable(),
    panelization_y: number('panelization_y').nullable(),
    via_process: choice('via_process').nullable(),
    edge_rail: choice('edge_rail').nullable(),
    edge_rail_width: number('edge_rail_width').nullable(),
    rout_width_horizontal: number('rout_width_horizontal').nullable(),
    rout_width_vertical: number('rout_width_vertical').nullable(),
    panel_cutting: choice('panel_cutting').nullable(),
    x_out_panel: flag('x_out_panel'),
    numberLayers: number('numberLayers').nullable(),
    boardWidth: number('boardWidth').nullable(),
    boardLength: number('boardLength').nullable(),
    useOutlineLayerMask: flag('useOutlineLayerMask'),
    maskColor: choice('maskColor').nullable(),
    silkColor: choice('silkColor').nullable(),
    outerCooper: number('outerCooper').nullable().meta({ description: 'oz' }),
    innerCooper: number('innerCooper').nullable().meta({ description: 'oz' }),
    min_hole_size: number('min_hole_size').meta({ description: 'mm' }),
  });
}

export const BoardSettings = boardSettingsSchema(false).meta({ id: 'BoardSettings' });
/** Board settings as a request sends them: every number within what a board can be. */
export const BoardSettingsInput = boardSettingsSchema(true).meta({ id: 'BoardSettingsRequest' });
export type BoardSettings = z.infer<typeof BoardSettings>;

/**
 * What the Gerber analysis of the board files proposes (the user may override it): the board's
 * size from the outline (or, without one, from all layers) and the number of copper layers.
 */
export const BoardAnalysis = z
  .object({
    widthMm: z.number().nonnegative().nullable(),
    lengthMm: z.number().nonnegative().nullable(),
    copperLayers: z.int().nonnegative(),
    sizeFrom: z
      .enum(['outline', 'layers'])
      .nullable()
      .meta({ description: 'What the size was measured on; null when nothing could be measured' }),
    analysedAt: z.iso.datetime(),
  })
  .meta({ id: 'BoardAnalysis' });
export type BoardAnalysis = z.infer<typeof BoardAnalysis>;

/**
 * SPEC §3 board render cache of the current board: `hash` is the stamp of its files' contents,
 * layer assignments, finishing, mask and silk colours (null when there is nothing to render:
 * no files, or only the outline); `file_path` a signed link to the stored render (null until
 * rendered).
 */
export const BoardCache = z
  .object({ hash: z.string().nullable(), file_path: z.string().nullable() })
  .meta({ id: 'BoardCache' });
export type BoardCache = z.infer<typeof BoardCache>;

/** SPEC §3: a rendered side holds svg, viewBox, width, height and units. */
export const RenderedSide = z
  .object({
    svg: z.string(),
    viewBox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    width: z.number(),
    height: z.number(),
    units: z.enum(LENGTH_UNITS),
  })
  .meta({ id: 'RenderedSide' });

/** A bitmap of a rendered side, in the side's frame. */
export const RenderedPreview = RenderedSide.omit({ svg: true })
  .extend({ src: z.string().startsWith('data:image/png;base64,') })
  .meta({
    id: 'RenderedPreview',
    description: 'A PNG (data URL) of the top side of a large board, made by the server',
  });

/**
 * The stored render (the JSON behind `file_path`): the top and bottom views, and whatever else
 * the renderer gives (layers, parser warnings per file) is kept as it is.
 */
export const BoardRender = z
  .object({
    /**
     * The server's bitmap of a large top side, shown while the side's SVG is decoded; a client
     * never stores one.
     */
    topPreview: RenderedPreview.optional(),
    top: RenderedSide,
    bottom: RenderedSide,
  })
  .loose()
  .meta({ id: 'BoardRender' });
export type BoardRender = z.infer<typeof BoardRender>;

/**
 * What a render depends on: the board files with their layer assignment and the colour settings.
 * Absent parts are taken from the product as saved.
 */
export const BoardStamp = z.object({
  boardFiles: z
    .array(
      z.object({
        id: idField('Board file id'),
        file_type: z.enum([...BOARD_FILE_TYPES, 'initialType'], {
          error: `file_type must be one of ${BOARD_FILE_TYPES.join(', ')} or initialType`,
        }),
        layer_number: z.int().min(1).max(100).nullable().optional(),
      }),
      { error: 'boardFiles must be a list' },
    )
    .max(1000)
    .optional()
    .meta({ description: "The product's board files (by id) as the viewer assigns them" }),
  settings: z
    .object({
      finishing: choice('finishing').nullable().optional(),
      maskColor: choice('maskColor').nullable().optional(),
      silkColor: choice('silkColor').nullable().optional(),
    })
    .optional(),
});
export type BoardStamp = z.infer<typeof BoardStamp>;

const cacheAnswer = z.object({
  hash: z
    .string()
    .nullable()
    .meta({ description: 'null: nothing to render (no files, or only the outline)' }),
  cache: BoardCache.nullable().meta({
    description: 'null: nothing to render (hash null), or not rendered yet (with render: false)',
  }),
});

// ---- Requests --------------------------------------------------------------------------------

/** saveSettings: every field optional; absent fields keep their saved (or default) value. */
export const SaveBoardSettingsInput = BoardSettingsInput.partial();

export const StoreBoardCacheForm = z.object({
  dataToHash: z
    .string({ error: 'dataToHash is required' })
    .transform((text, context) => {
      try {
        return JSON.parse(text === '' ? '{}' : text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'dataToHash must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(BoardStamp)
    .meta({ description: 'JSON text: {boardFiles, settings}, as for by_stamp' }),
});

const productParams = z.object({ id: idParam });

// ---- Endpoints (SPEC §7) ---------------------------------------------------------------------

const tag = 'Board';

export const getBoardSettingsOptions = defineEndpoint({
  method: 'GET',
  path: '/api/getBoardSettingsOptions',
  summary: 'The board settings options in force, and the settings of a new board',
  tag,
  access: 'confirmed',
  status: 200,
  response: z.object({ options: BoardSettingsOptions, defaults: BoardSettings }),
});

export const saveBoardSettings = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/saveSettings',
  summary: 'Validate (SPEC §5) and save board settings; answers the saved settings',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(SaveBoardSettingsInput),
  status: 200,
  response: z.object({ settings: BoardSettings }),
});

export const getBoardCacheByStamp = defineEndpoint({
  method: 'POST',
  path: '/api/v2/products/{id}/board/cache/by_stamp',
  summary:
    'The render of the board for these files and colours, rendered now when not cached (a new render counts against LIMIT_BOARD_RENDERS_PER_USER; looking is free)',
  tag,
  // Looking at a board is a read: only a render made for the call is charged (to its own limit).
  readOnly: true,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(
    BoardStamp.extend({
      render: z
        .boolean({ error: 'render must be true or false' })
        .optional()
        .meta({ description: 'false: answer a miss with cache null instead of rendering it now' }),
    }).prefault({}),
  ),
  status: 200,
  response: cacheAnswer.extend({
    fromCache: z.boolean().meta({ description: 'false when the render was made for this call' }),
  }),
});

export const storeBoardCache = defineEndpoint({
  method: 'POST',
  path: '/api/v2/products/{id}/board/cache',
  summary: 'Store a render made by the client (a BoardRender JSON file) under its stamp',
  tag,
  access: 'confirmed',
  params: productParams,
  body: multipartBody(StoreBoardCacheForm, {
    cache: { maxCount: 1, required: true, description: 'The render: BoardRender JSON' },
  }),
  status: 201,
  response: cacheAnswer,
});
