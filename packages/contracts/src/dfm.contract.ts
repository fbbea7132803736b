import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { idParam } from './fields.ts';

// The board's design-for-manufacture check (docs/dfm.md): what the board house's CAM engineer
// would find in the Gerbers, and the class of board house it needs, for the board as saved.

// ---- Resources -------------------------------------------------------------------------------

const DFM_CHECK_IDS = [
  'track-width',
  'clearance',
  'annular-ring',
  'breakout',
  'drill-size',
  'slot-width',
  'hole-to-hole',
  'aspect-ratio',
  'copper-to-edge',
] as const;

const Box = z.object({ minX: z.number(), minY: z.number(), maxX: z.number(), maxY: z.number() });

export const DfmShape = z
  .object({
    kind: z.enum(['track', 'pad', 'region', 'hole', 'slot', 'edge']),
    layer: z.string(),
    box: Box.meta({ description: 'Bounds in mm, in the files’ coordinates (y up)' }),
    width: z
      .number()
      .optional()
      .meta({ description: 'Tracks, holes and slots: the tool width, mm' }),
  })
  .meta({ id: 'DfmShape' });

export const DfmFinding = z
  .object({
    check: z.enum(DFM_CHECK_IDS),
    layer: z.string(),
    value: z.number().meta({ description: 'mm; a ratio for aspect-ratio' }),
    x: z.number().meta({ description: 'mm, in the files’ coordinates (y up)' }),
    y: z.number(),
    shapes: z.array(DfmShape),
    detail: z.string().optional(),
  })
  .meta({ id: 'DfmFinding' });
export type DfmFinding = z.infer<typeof DfmFinding>;

export const DfmCheckResult = z
  .object({
    check: z.enum(DFM_CHECK_IDS),
    worst: z.number().nullable(),
    limit: z.number(),
    count: z.int().nonnegative(),
    findings: z.array(DfmFinding),
  })
  .meta({ id: 'DfmCheckResult' });
export type DfmCheckResult = z.infer<typeof DfmCheckResult>;

export const DfmResult = z
  .object({
    hash: z.string().nullable().meta({ description: 'The render stamp the check was made on' }),
    status: z
      .enum(['checked', 'no-board', 'failed'])
      .meta({ description: 'no-board: nothing to check (no files, or only the outline)' }),
    build: z.object({
      layers: z.int().positive(),
      copperOz: z.number().positive(),
      thicknessMm: z.number().positive(),
    }),
    verdict: z.enum(['standard', 'advanced', 'cannot-be-made']).nullable(),
    reasons: z.array(
      z.object({
        check: z.enum(DFM_CHECK_IDS),
        value: z.number(),
        fabClass: z.enum(['standard', 'advanced']).nullable(),
        text: z.string().meta({ example: '0.09 mm track: advanced class' }),
      }),
    ),
    checks: z.array(DfmCheckResult),
    notes: z.array(z.string()),
  })
  .meta({ id: 'DfmResult' });
export type DfmResult = z.infer<typeof DfmResult>;

// ---- Endpoints -------------------------------------------------------------------------------

export const getBoardDfm = defineEndpoint({
  method: 'GET',
  path: '/api/v2/products/{id}/board/dfm',
  summary:
    "The design-for-manufacture check of the board as saved, classed for its settings' layers, copper weight and thickness (checked with the render; a board not yet checked is rendered and checked now, which counts against LIMIT_BOARD_RENDERS_PER_USER)",
  tag: 'Board',
  access: 'confirmed',
  params: z.object({ id: idParam }),
  status: 200,
  response: DfmResult,
});
