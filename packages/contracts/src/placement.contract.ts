import { PLACEMENT_UNITS } from '@circuits/domain';
import { z } from 'zod';
import { LARGE_BODY_BYTES, ReadColumn, ReadWarning } from './bom.contract.ts';
import { defineEndpoint, jsonBody } from './endpoint.ts';
import { Id, idField, idList, idParam, optionalText, requiredText } from './fields.ts';
import { MountType } from './parts.contract.ts';

// SPEC §7 Placement calls, under /api/products/{id}. Positions are millimetres from the file's
// origin, angles degrees in [0, 360); the unit a file was written in is stated when it is read.
// place/fromFile reads the product's file on the server (data carries only how to read it): a
// preview answers one page of the placements, and saving reads the file again there.

/** Placements a preview answers at once, and at most per page. */
export const PLACEMENT_PREVIEW_ROWS = 50;
export const MAX_PLACEMENT_PAGE_ROWS = 200;
/** Warnings a read answers; totalWarnings says how many it found. */
export const PLACEMENT_READ_WARNINGS = 100;

export const PLACEMENT_SIDES = ['top', 'bottom'] as const;
export const PlacementSide = z.enum(PLACEMENT_SIDES, { error: 'side must be top or bottom' });
export const PlacementUnit = z.enum(PLACEMENT_UNITS, { error: 'unit must be mm, mil or inch' });

/** SPEC §3 placement package: the catalogue package, body outline in mm around the centre. */
export const PlacementPackage = z
  .object({
    id: Id,
    pkgName: z.string(),
    minX: z.number(),
    maxX: z.number(),
    minY: z.number(),
    maxY: z.number(),
    imgLink: z.string().nullable(),
    mountType: MountType,
    numOfPins: z.int(),
  })
  .meta({ id: 'PlacementPackage' });
export type PlacementPackage = z.infer<typeof PlacementPackage>;

/** A placement's position after its package's correction (x, y mm; angle in [0, 360)). */
export const PlacementCorrected = z
  .object({
    correction_id: Id.meta({ description: 'The package correction applied' }),
    x: z.number(),
    y: z.number(),
    angle: z.number(),
  })
  .meta({ id: 'PlacementCorrected' });
export type PlacementCorrected = z.infer<typeof PlacementCorrected>;

/** SPEC §3 Placement. */
export const Placement = z
  .object({
    id: Id,
    refDesign: z.string(),
    side: PlacementSide,
    x: z.number().meta({ description: 'mm' }),
    y: z.number().meta({ description: 'mm' }),
    angle: z.number().meta({ description: 'Degrees counter-clockwise, in [0, 360)' }),
    confirmed: z.boolean(),
    dnp: z.boolean(),
    package: PlacementPackage.nullable().meta({ description: 'The catalogue package, when known' }),
    packageName: z
      .string()
      .nullable()
      .meta({ description: 'The package or footprint as the file names it' }),
    value: z.string().nullable(),
    bom_id: Id.nullable().meta({ description: 'The BOM row listing the designator' }),
    product_file_id: Id.nullable().meta({ description: 'The Pick & Place file it was read from' }),
    corrected: PlacementCorrected.nullable().meta({
      description:
        "Where the part goes once its company's package correction is applied; x, y and angle above stay as imported",
    }),
  })
  .meta({ id: 'Placement' });
export type Placement = z.infer<typeof Placement>;

/** Shift of every placement against the Gerber origin, saved with the product (mm). */
export const PlacementOffset = z
  .object({ x: z.number(), y: z.number() })
  .meta({ id: 'PlacementOffset' });
export type PlacementOffset = z.infer<typeof PlacementOffset>;

/** What reading a placement file found, before or after saving. */
export const ParsedPlacements = z
  .object({
    file_id: Id,
    fileName: z.string(),
    format: z.string().meta({ description: 'kicad-pos, altium-csv, jlcpcb-cpl, allegro, ...' }),
    formatName: z.string().meta({ description: 'The format in words' }),
    encoding: z.string().nullable(),
    headerLine: z.int().nullable(),
    columns: z.array(ReadColumn),
    units: z.object({
      unit: PlacementUnit,
      source: z.enum(['file', 'header', 'values', 'format', 'guessed', 'user']),
      detail: z.string().meta({ description: 'How the unit is known, in words' }),
    }),
    sides: z.object({
      source: z.enum(['column', 'file-name', 'extension', 'default', 'user']),
      detail: z.string(),
    }),
    needsConfirmation: z.boolean().meta({
      description: 'The unit, the side or a needed column was guessed: ask the user',
    }),
    placements: z
      .array(
        z.object({
          line: z.int(),
          refDesign: z.string(),
          side: PlacementSide,
          x: z.number().meta({ description: 'mm' }),
          y: z.number().meta({ description: 'mm' }),
          angle: z.number(),
          value: z.string().nullable(),
          package: z.string().nullable(),
          dnp: z.boolean(),
        }),
      )
      .meta({ description: 'One page: placements offset to offset + limit of the file' }),
    offset: z.int(),
    total: z.int().meta({ description: 'Placements of the file in all' }),
    counts: z.object({ top: z.int(), bottom: z.int() }),
    warnings: z.array(ReadWarning).meta({ description: `The first ${PLACEMENT_READ_WARNINGS}` }),
    totalWarnings: z.int(),
  })
  .meta({ id: 'ParsedPlacements' });
export type ParsedPlacements = z.infer<typeof ParsedPlacements>;

const coordinate = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-10_000, `${label} must be within 10000 mm of the origin`)
    .max(10_000, `${label} must be within 10000 mm of the origin`);

/** Degrees, normalised to [0, 360) once taken; ten turns either way is far beyond any file. */
const degrees = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-3600, `${label} must be between -3600 and 3600 degrees`)
    .max(3600, `${label} must be between -3600 and 3600 degrees`);

/** The editable fields of a placement; absent fields stay as they are. */
const placementFields = {
  refDesign: requiredText('refDesign', 100),
  side: PlacementSide,
  x: coordinate('x'),
  y: coordinate('y'),
  angle: degrees('angle').meta({ description: 'Degrees; normalised to [0, 360)' }),
  confirmed: z.boolean({ error: 'confirmed must be true or false' }),
  dnp: z.boolean({ error: 'dnp must be true or false' }),
  package_id: idField('package_id').nullable().meta({ description: 'A catalogue package' }),
  packageName: optionalText('Package', 200),
  value: optionalText('Value', 200),
};

export const AddPlacementInput = z.object({
  ...placementFields,
  side: PlacementSide.default('top'),
  angle: placementFields.angle.default(0),
  confirmed: placementFields.confirmed.default(false),
  dnp: placementFields.dnp.default(false),
  package_id: placementFields.package_id.optional(),
});

export const PlacementUpdate = z.object(placementFields).partial();

const fromFileOptions = z
  .object({
    unit: PlacementUnit.optional().meta({
      description: 'The unit of the file, over what was found',
    }),
    side: PlacementSide.optional().meta({
      description: 'The side of every row, over what was found',
    }),
    headerLine: idField('headerLine').optional(),
    mapping: z
      .partialRecord(
        z.enum([
          'designator',
          'x',
          'y',
          'rotation',
          'side',
          'value',
          'package',
          'description',
          'doNotPopulate',
          'fitted',
          'item',
        ]),
        z.int().nonnegative().max(999).nullable(),
        { error: 'mapping must map column fields to column numbers' },
      )
      .optional()
      .meta({ description: 'Field to column index from 0' }),
    preview: z
      .boolean()
      .default(false)
      .meta({ description: 'true: answer what the file holds without saving' }),
    offset: z
      .int({ error: 'offset must be a whole number' })
      .min(0, 'offset must be 0 or more')
      .max(10_000_000, 'offset is too large')
      .default(0)
      .meta({ description: 'The first placement of the page answered in parsed' }),
    limit: z
      .int({ error: 'limit must be a whole number' })
      .min(1, 'limit must be at least 1')
      .max(MAX_PLACEMENT_PAGE_ROWS, `limit must be at most ${MAX_PLACEMENT_PAGE_ROWS}`)
      .default(PLACEMENT_PREVIEW_ROWS)
      .meta({ description: 'Placements of the page answered in parsed' }),
    replace: z
      .boolean()
      .default(true)
      .meta({ description: 'true (default): replace the placements; false: add to them' }),
  })
  .prefault({});

export const PlacementsFromFileInput = z.object({
  file_id: idField('file_id').meta({ description: 'The Pick & Place product file (type 5)' }),
  data: fromFileOptions,
});

export const UpdatePlacementsInput = z.object({
  placements: z
    .array(PlacementUpdate.extend({ id: idField('Placement id') }), {
      error: 'placements must be a list',
    })
    .max(50000, 'placements may hold at most 50000 rows')
    .default([]),
  offset: PlacementOffset.extend({ x: coordinate('offset.x'), y: coordinate('offset.y') })
    .optional()
    .meta({
      description: 'Shift of all placements against the Gerber origin, saved with the product',
    }),
});

/** Largest centre correction: more than this is a different part, not a library difference. */
export const MAX_CENTRE_CORRECTION_MM = 50;

/**
 * A company's rotation and centre correction of one package, applied to every placement of that
 * package in the company's products (existing and imported later).
 */
export const PackageCorrection = z
  .object({
    id: Id,
    packageName: z
      .string()
      .nullable()
      .meta({ description: 'The package as files name it (case and blanks ignored)' }),
    package: z
      .object({ id: Id, pkgName: z.string() })
      .nullable()
      .meta({ description: 'The catalogue package, when the correction names one' }),
    rotation: z.number().meta({ description: 'Degrees added to the imported angle, [0, 360)' }),
    x: z.number().meta({ description: "mm along the package's own x axis" }),
    y: z.number().meta({ description: "mm along the package's own y axis" }),
    placements: z.int().meta({ description: 'How many placements of this product it corrects' }),
  })
  .meta({ id: 'PackageCorrection' });
export type PackageCorrection = z.infer<typeof PackageCorrection>;

const centreShift = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-MAX_CENTRE_CORRECTION_MM, `${label} must be within ${MAX_CENTRE_CORRECTION_MM} mm`)
    .max(MAX_CENTRE_CORRECTION_MM, `${label} must be within ${MAX_CENTRE_CORRECTION_MM} mm`);

const correctionFields = {
  rotation: degrees('rotation').default(0).meta({ description: 'Degrees; normalised to [0, 360)' }),
  x: centreShift('x').default(0),
  y: centreShift('y').default(0),
};

export const PackageCorrectionInput = z
  .object({
    packageName: optionalText('Package', 200).meta({
      description: 'The package as files name it; or package_id',
    }),
    package_id: idField('package_id').nullish().meta({ description: 'A catalogue package' }),
    ...correctionFields,
  })
  .superRefine((input, context) => {
    const named = !!input.packageName;
    const linked = input.package_id !== undefined && input.package_id !== null;
    if (named === linked)
      context.addIssue({
        code: 'custom',
        path: ['packageName'],
        message: 'Give either a package name or a catalogue package',
      });
  });

export const PackageCorrectionUpdate = z.object({
  rotation: correctionFields.rotation.unwrap().optional(),
  x: centreShift('x').optional(),
  y: centreShift('y').optional(),
});

const productParams = z.object({ id: idParam });
const placementParams = z.object({ id: idParam, placeId: idParam });
const correctionParams = z.object({ id: idParam, correctionId: idParam });
const correctionAnswer = z.object({
  data: PackageCorrection,
  placements: z.array(Placement).meta({ description: 'The placements of the product, corrected' }),
});
const rowAnswer = z.object({ data: Placement });
const rowsAnswer = z.object({ data: z.array(Placement), offset: PlacementOffset });
const deletedAnswer = z.object({ ids: z.array(Id), placements: z.array(Placement) });

// ---- Endpoints (SPEC §7 Placement) -----------------------------------------------------------

const tag = 'Placement';

export const addPlacement = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/place/add',
  summary: 'Add a placement',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(AddPlacementInput),
  status: 201,
  response: rowAnswer,
});

export const placementsFromFile = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/place/fromFile',
  summary:
    'Read an uploaded Pick & Place file with the unit, side and columns the user set; saves the placements unless data.preview',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(PlacementsFromFileInput),
  status: 200,
  response: z.object({
    parsed: ParsedPlacements,
    saved: z.boolean(),
    data: z.array(Placement).meta({ description: 'The placements of the product (when saved)' }),
  }),
});

export const updatePlacements = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/place/update',
  summary: 'Change several placements (and the placement offset) at once; all or none',
  tag,
  access: 'confirmed',
  bodyLimitBytes: LARGE_BODY_BYTES,
  params: productParams,
  body: jsonBody(UpdatePlacementsInput),
  status: 200,
  response: rowsAnswer,
});

export const updatePlacement = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/place/{placeId}',
  summary: 'Change a placement; absent fields stay as they are',
  tag,
  access: 'confirmed',
  params: placementParams,
  body: jsonBody(PlacementUpdate),
  status: 200,
  response: rowAnswer,
});

export const deletePlacement = defineEndpoint({
  method: 'DELETE',
  path: '/api/products/{id}/place/{placeId}',
  summary: 'Delete a placement',
  tag,
  access: 'confirmed',
  params: placementParams,
  status: 200,
  response: deletedAnswer,
});

export const deletePlacements = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/place/delete',
  summary: 'Delete placements',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(z.object({ ids: idList('ids') })),
  status: 200,
  response: deletedAnswer,
});

// ---- Package corrections (per company, reached through one of its products) -----------------

export const listPackageCorrections = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}/place/corrections',
  summary: "The package corrections of the product's company",
  tag,
  access: 'confirmed',
  params: productParams,
  status: 200,
  response: z.object({ data: z.array(PackageCorrection) }),
});

export const addPackageCorrection = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/place/corrections/add',
  summary:
    "Remember a package's rotation and centre correction for the product's company; replaces the package's earlier one",
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(PackageCorrectionInput),
  status: 201,
  response: correctionAnswer,
});

export const updatePackageCorrection = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/place/corrections/{correctionId}',
  summary: 'Change a package correction; absent fields stay as they are',
  tag,
  access: 'confirmed',
  params: correctionParams,
  body: jsonBody(PackageCorrectionUpdate),
  status: 200,
  response: correctionAnswer,
});

export const deletePackageCorrection = defineEndpoint({
  method: 'DELETE',
  path: '/api/products/{id}/place/corrections/{correctionId}',
  summary: 'Forget a package correction: its placements go back to the imported position',
  tag,
  access: 'confirmed',
  params: correctionParams,
  status: 200,
  response: z.object({ ids: z.array(Id), placements: z.array(Placement) }),
});
