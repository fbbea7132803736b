import {
  ADDED_FILE_KINDS,
  BOARD_FILE_TYPES,
  INITIAL_BOARD_FILE_TYPE,
  ISSUE_TABS,
  LENGTH_UNITS,
  MAX_BOARD_SIDE,
  PRODUCT_FILE_TYPES,
} from '@circuits/domain';
import { z } from 'zod';
import { BoardAnalysis, BoardCache, BoardSettings } from './board.contract.ts';
import { BomRow } from './bom.contract.ts';
import { defineEndpoint, jsonBody, multipartBody } from './endpoint.ts';
import {
  emailField,
  formBoolean,
  formId,
  Id,
  idField,
  idParam,
  optionalText,
  requiredText,
} from './fields.ts';
import { ProductOrder } from './order.contract.ts';
import { Placement, PlacementOffset } from './placement.contract.ts';
import { ProjectSummary, StoredFile } from './project.contract.ts';

// ---- Resources -------------------------------------------------------------------------------

export const OdooProduct = z
  .object({ key: z.string(), value: z.string() })
  .meta({ id: 'OdooProduct' });
export type OdooProduct = z.infer<typeof OdooProduct>;

/** SPEC §3 Product. */
export const Product = z
  .object({
    id: Id,
    project_id: Id,
    assembly_id: Id.nullable(),
    name: z.string(),
    partNumber: z.string().nullable(),
    imgLink: z.string().nullable().meta({ description: 'Signed link to the cover image' }),
    cover: StoredFile.nullable(),
    visible: z.boolean(),
    job: z.string().nullable(),
    notes: z.string().nullable(),
    description: z.string().nullable(),
    odoo_products: z.array(OdooProduct),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

const productFileTypeIds = PRODUCT_FILE_TYPES.map((type) => type.id);
const ProductFileTypeId = z
  .int()
  .refine((id) => (productFileTypeIds as number[]).includes(id))
  .meta({ description: '1 Unknown, 2 Gerber, 3 Other, 4 BOM, 5 Pick & Place' });

export const FileType = z.object({ id: Id, name: z.string() }).meta({ id: 'FileType' });
export type FileType = z.infer<typeof FileType>;

export const BoardFileType = z.enum([...BOARD_FILE_TYPES, INITIAL_BOARD_FILE_TYPE]);

/** SPEC §3 product file. `guess` is what automatic detection said, when it ran. */
export const ProductFile = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string().nullable(),
    type_id: ProductFileTypeId,
    size: z.int().nonnegative(),
    isSmallSize: z.boolean(),
    guess: z.object({ type_id: ProductFileTypeId, reason: z.string() }).nullable(),
    link: z.string(),
    downloadLink: z.string(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'ProductFile' });
export type ProductFile = z.infer<typeof ProductFile>;

/** What layer identification said about a board file. */
export const BoardFileGuess = z
  .object({
    file_type: BoardFileType,
    layer_number: z.int().positive().nullable(),
    layer: z.string().nullable().meta({ description: 'Identified layer type, e.g. copper' }),
    side: z.string().nullable(),
    cad: z.string().nullable(),
    confidence: z.enum(['high', 'medium', 'low', 'none']),
    reason: z.string(),
    guessed: z.boolean().optional().meta({
      description:
        'Nothing names the file: file_type is its most likely layer, drawn marked as a guess until the user chooses a type',
    }),
    evidence: z
      .array(z.string())
      .optional()
      .meta({ description: 'Every piece of evidence weighed, in words, with its weight' }),
  })
  .meta({ id: 'BoardFileGuess' });
export type BoardFileGuess = z.infer<typeof BoardFileGuess>;

/** SPEC §3 board file: a product file placed on the board as one layer. */
export const BoardFile = z
  .object({
    id: Id,
    product_file_id: Id,
    file_type: BoardFileType,
    color: z.string().nullable().meta({ description: 'null: the default colour of its type' }),
    isVisible: z.boolean(),
    layer_number: z.int().positive().nullable(),
    guess: BoardFileGuess.nullable(),
    file: StoredFile,
  })
  .meta({ id: 'BoardFile' });
export type BoardFile = z.infer<typeof BoardFile>;

/** What an upload added: each file with what it was recognised as. */
export const AddedFile = z
  .object({
    id: Id,
    name: z.string(),
    kind: z.enum(ADDED_FILE_KINDS).meta({
      description:
        'gerber (a board layer), drill (drill or rout program), bom, placement, other (kept, not used for the board), unknown (not recognised), notDetected (detection was off)',
    }),
    layer: BoardFileType.nullable().meta({
      description: 'The board layer the file was put on; null when it is not on the board',
    }),
    recognisedAs: z.string().meta({ description: 'The same in words, e.g. "Gerber: Top copper"' }),
    reason: z
      .string()
      .nullable()
      .meta({ description: 'What detection read; null when it was off' }),
  })
  .meta({ id: 'AddedFile' });
export type AddedFile = z.infer<typeof AddedFile>;

const uploadOutcome = {
  added: z.array(AddedFile),
  summary: z.string().meta({
    description:
      'The upload in one sentence, e.g. "7 files added: 5 Gerber layers, 1 drill file, 1 not recognised: notes.txt"',
  }),
};

/** The answer of GET /api/products/{id} (SPEC §7). */
export const ProductPage = z
  .object({
    product: Product,
    project: ProjectSummary,
    files: z.array(ProductFile),
    files_types: z.array(FileType),
    settings: BoardSettings.nullable().meta({
      description:
        'Saved board settings; null until saved (the form then starts from the defaults)',
    }),
    settingsFromFiles: z.boolean().meta({
      description:
        'The settings were saved by the server with the size and layer count the board files give; no user has saved them yet',
    }),
    boardAnalysis: BoardAnalysis.nullable().meta({
      description: 'Size and copper layers proposed from the board files; null until analysed',
    }),
    boardFiles: z.array(BoardFile),
    orders: z
      .array(ProductOrder)
      .meta({ description: 'Orders and pre-orders of this product, newest first' }),
    bom: z.array(BomRow).meta({ description: 'BOM rows, in the order of their file' }),
    placements: z.array(Placement).meta({ description: 'Placements, in the order of their file' }),
    placementOffset: PlacementOffset.meta({
      description: 'Shift of the placements against the Gerber origin (mm), saved with the product',
    }),
    cache: BoardCache,
    canEdit: z.boolean().meta({ description: 'Whether the caller may change the product' }),
  })
  .meta({ id: 'ProductPage' });
export type ProductPage = z.infer<typeof ProductPage>;

// ---- Requests --------------------------------------------------------------------------------

const uploadOptions = {
  isAutoDetect: formBoolean('isAutoDetect').optional().meta({
    description: 'Detect file types and put Gerber and drill files on the board (default true)',
  }),
  isUnzipFlag: formBoolean('isUnzipFlag')
    .optional()
    .meta({ description: 'Expand zip archives, folders included (default true)' }),
};

const uploadFiles = {
  maxCount: 1000,
  required: false,
  description: 'The files (field name files or files[]); the server limit is UPLOAD_MAX_FILES',
};

const coverFile = { maxCount: 1, required: false, description: 'PNG, JPEG, GIF or WebP image' };

export const AddProductForm = z.object({
  name: requiredText('Name', 200),
  partNumber: optionalText('Part number', 100),
  assemblyId: formId('Assembly').optional(),
  newProjectName: optionalText('New project name', 200).meta({
    description: 'Create a project of this name (in the company of the project in the path) for it',
  }),
  ...uploadOptions,
});

const odooProductsField = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text === '' ? '[]' : text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'odoo_products must be a JSON list' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.object({
          key: z.string().trim().min(1).max(200),
          value: z.string().trim().max(2000),
        }),
        { error: 'odoo_products must be a list of {key, value} records' },
      )
      .max(200, 'odoo_products may hold at most 200 records'),
  )
  .meta({ description: 'JSON text: [{"key": "...", "value": "..."}]' });

export const UpdateProductForm = z.object({
  name: requiredText('Name', 200).optional(),
  partNumber: optionalText('Part number', 100),
  job: optionalText('Job', 200),
  notes: optionalText('Notes', 10000, { multiline: true }),
  description: optionalText('Description', 10000, { multiline: true }),
  odoo_products: odooProductsField.optional(),
  removeCover: formBoolean('removeCover').optional(),
});

export const AddFilesForm = z.object(uploadOptions);

export const UpdateFilesInput = z.object({
  files: z
    .array(
      z.object({
        id: idField('File id'),
        type_id: z
          .int({ error: 'type_id must be a file type id' })
          .min(
            Math.min(...productFileTypeIds),
            `type_id must be one of ${productFileTypeIds.join(', ')}`,
          )
          .max(
            Math.max(...productFileTypeIds),
            `type_id must be one of ${productFileTypeIds.join(', ')}`,
          )
          .refine(
            (id) => (productFileTypeIds as number[]).includes(id),
            `type_id must be one of ${productFileTypeIds.join(', ')}`,
          )
          .optional(),
        description: optionalText('Description', 2000, { multiline: true }),
      }),
      { error: 'files must be a list' },
    )
    .min(1, 'files must name at least one file')
    .max(1000),
});

export const UpdateBoardFilesInput = z.object({
  boardFiles: z
    .array(
      z.object({
        id: idField('Board file id'),
        file_type: z
          .enum([...BOARD_FILE_TYPES, INITIAL_BOARD_FILE_TYPE], {
            error: `file_type must be one of ${BOARD_FILE_TYPES.join(', ')} or initialType`,
          })
          .optional(),
        color: z
          .string()
          .regex(
            /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/,
            'color must be #rgb, #rrggbb or #rrggbbaa',
          )
          .nullable()
          .optional(),
        isVisible: z.boolean({ error: 'isVisible must be true or false' }).optional(),
        layer_number: z
          .int({ error: 'layer_number must be a whole number' })
          .min(1, 'layer_number must be at least 1')
          .max(100, 'layer_number must be at most 100')
          .nullable()
          .optional(),
      }),
      { error: 'boardFiles must be a list' },
    )
    .min(1, 'boardFiles must name at least one board file')
    .max(1000),
});

const productParams = z.object({ id: idParam });
const fileParams = z.object({ id: idParam, fileId: idParam });
const productAnswer = z.object({ product: Product });
const filesAnswer = z.object({ files: z.array(ProductFile), boardFiles: z.array(BoardFile) });

// ---- Endpoints (SPEC §7 Products) ------------------------------------------------------------

const tag = 'Products';

export const addProduct = defineEndpoint({
  method: 'POST',
  path: '/api/projects/{id}/products/add',
  summary: 'Create a product in the project with its files; answers data.id',
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam }),
  body: multipartBody(AddProductForm, { files: uploadFiles, cover: coverFile }),
  status: 201,
  response: z.object({
    data: Product,
    ...uploadOutcome,
  }),
});

export const getProduct = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}',
  summary: 'A product with its project, files and board files',
  tag,
  access: 'confirmed',
  params: productParams,
  status: 200,
  response: ProductPage,
});

export const updateProduct = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/update',
  summary: 'Change product information; absent fields stay as they are',
  tag,
  access: 'confirmed',
  params: productParams,
  body: multipartBody(UpdateProductForm, { cover: coverFile }),
  status: 200,
  response: productAnswer,
});

export const updateProductVisibility = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/updateVisibility',
  summary: 'Show or hide a product',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(z.object({ visible: z.boolean({ error: 'visible must be true or false' }) })),
  status: 200,
  response: productAnswer,
});

export const duplicateProduct = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/duplicate',
  summary: 'Copy a product with its files and settings (the copy has its own stored files)',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(
    z
      .object({
        name: requiredText('Name', 200)
          .optional()
          .meta({ description: 'Default: "<name> (copy)"' }),
        project_id: idField('project_id').optional().meta({ description: 'Default: same project' }),
      })
      .prefault({}),
  ),
  status: 201,
  response: z.object({ data: Product }),
});

export const updateProductProject = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/updateProductProject',
  summary: 'Move the product to another project of its company',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(
    z.object({
      product_id: idField('product_id').optional().meta({ description: 'Must match the path' }),
      project_id: idField('project_id'),
    }),
  ),
  status: 200,
  response: productAnswer,
});

export const addProductFiles = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/addFiles',
  summary: 'Upload files; zips are expanded and types detected unless turned off',
  tag,
  access: 'confirmed',
  params: productParams,
  body: multipartBody(AddFilesForm, { files: { ...uploadFiles, required: true } }),
  status: 201,
  response: filesAnswer.extend({ addedFileIds: z.array(Id), ...uploadOutcome }),
});

export const updateProductFiles = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/updateFiles',
  summary: 'Change the type or description of files',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(UpdateFilesInput),
  status: 200,
  response: filesAnswer,
});

export const deleteProductFile = defineEndpoint({
  method: 'DELETE',
  path: '/api/products/{id}/files/{fileId}',
  summary: 'Delete a file (and its board file)',
  tag,
  access: 'confirmed',
  params: fileParams,
  status: 200,
  response: filesAnswer,
});

export const addFileToBoard = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/files/{fileId}/addToBoard',
  summary: 'Put a file on the board; its layer type is identified from name and content',
  tag,
  access: 'confirmed',
  params: fileParams,
  status: 201,
  response: z.object({ boardFile: BoardFile, boardFiles: z.array(BoardFile) }),
});

export const removeBoardFile = defineEndpoint({
  method: 'DELETE',
  path: '/api/products/{id}/files/{fileId}/boardFile/{boardId}',
  summary: 'Take a file off the board (the file stays)',
  tag,
  access: 'confirmed',
  params: z.object({ id: idParam, fileId: idParam, boardId: idParam }),
  status: 200,
  response: z.object({ boardFiles: z.array(BoardFile) }),
});

export const updateBoardFiles = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/updateBoardFiles',
  summary: 'Change type, colour, visibility or layer number of board files',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(UpdateBoardFilesInput),
  status: 200,
  response: z.object({ boardFiles: z.array(BoardFile) }),
});

/** SPEC §4 issue checker: one problem, numbered from 1 within its tab. */
export const ProductIssue = z
  .object({ tab: z.enum(ISSUE_TABS), number: z.int().positive(), text: z.string() })
  .meta({ id: 'ProductIssue' });
export type ProductIssue = z.infer<typeof ProductIssue>;

// Bounded by the larger number of the two units' limits here; the outline writer bounds each
// side in the unit chosen.
const positiveLength = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .positive(`${label} must be greater than 0`)
    .max(MAX_BOARD_SIDE.mm, `${label} must be at most ${MAX_BOARD_SIDE.mm} mm`);

/** A rectangular outline, optionally with rounded corners, in inches or millimetres. */
export const CreateOutlineInput = z.object({
  width: positiveLength('Width'),
  length: positiveLength('Length'),
  radius: z
    .number({ error: 'Corner radius must be a number' })
    .min(0, 'Corner radius must be 0 or more')
    .max(MAX_BOARD_SIDE.mm / 2, 'Corner radius must be at most half the shorter side')
    .optional()
    .meta({ description: 'Corner radius; at most half the shorter side. Default 0' }),
  units: z.enum(LENGTH_UNITS, { error: 'Units should be selected' }),
});

export const createOutline = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/createOutline',
  summary: 'Create a rectangular Gerber outline as a file on the board (route /createOutline/{id})',
  tag,
  access: 'confirmed',
  params: productParams,
  body: jsonBody(CreateOutlineInput),
  status: 201,
  response: filesAnswer.extend({ boardFile: BoardFile }),
});

/** Why a report address is refused: it is no one the company knows to own it. */
export const REPORT_RECIPIENT_MESSAGE =
  "The report can be sent only to your own address or to the confirmed address of a member of the product's company";

export const sendProductReport = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}/sendReport',
  summary:
    "Email the product's issue report (token in the query, or a bearer header) to the caller's own address or a confirmed member of the product's company",
  tag,
  access: 'confirmed',
  queryToken: true,
  params: productParams,
  query: z.object({
    token: z.string().optional().meta({ description: 'The bearer token (SPEC §7 sends it here)' }),
    email: emailField,
  }),
  status: 200,
  response: z.object({ sent: z.literal(true), email: z.string(), issues: z.array(ProductIssue) }),
});
