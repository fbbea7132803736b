// What a client sends to change a BOM: a row's editable fields, a new row, the rows of
// bom/fromFile (a saved read or the client's own), several rows at once, chosen suggestions.

import { z } from 'zod';
import { idField, MAX_INT4, optionalText, requiredText } from './fields.ts';

const refDesignInput = z.union(
  [
    requiredText('refDesign', 20000).meta({
      description: 'Designators as written: "R1-R4, R7", "C9_MB"; each expanded',
    }),
    z
      .array(
        z.object({
          refDesign: requiredText('refDesign', 100),
          doNotPopulate: z.boolean({ error: 'doNotPopulate must be true or false' }).default(false),
        }),
      )
      .max(10000, 'refDesign may list at most 10000 designators'),
  ],
  { error: 'refDesign must be designators as text or a list of {refDesign, doNotPopulate}' },
);

const quantityInput = z
  .int({ error: 'quantity must be a whole number' })
  .min(0, 'quantity must be 0 or more')
  .max(1_000_000, 'quantity must be at most 1000000')
  .nullable();

const substitutionInput = z.object({
  part_id: idField('part_id').nullish(),
  part_number: requiredText('Substitute part number', 200),
  manufacturer: optionalText('Substitute manufacturer', 200),
  note: optionalText('Substitute note', 1000),
});

const supplierPartInput = z.object({
  supplier: optionalText('Supplier', 100),
  partNumber: requiredText('Supplier part number', 200),
});

/** The editable fields of a BOM row; absent fields stay as they are. */
const bomFields = {
  refDesign: refDesignInput.optional(),
  part_id: idField('part_id')
    .nullable()
    .optional()
    .meta({ description: 'Link a catalogue part (null unlinks)' }),
  part_number: optionalText('Part number', 200),
  manufacturer: optionalText('Manufacturer', 200),
  value: optionalText('Value', 200),
  footprint: optionalText('Footprint', 200),
  description: optionalText('Description', 2000),
  quantity: quantityInput.optional(),
  supplierParts: z.array(supplierPartInput).max(20).optional(),
  custWillSupply: z.boolean({ error: 'custWillSupply must be true or false' }).optional(),
  substitutions_rows: z
    .array(substitutionInput, { error: 'substitutions_rows must be a list' })
    .max(50)
    .optional(),
  confirmed: z
    .boolean({ error: 'confirmed must be true or false' })
    .optional()
    .meta({ description: 'true: the caller confirms the row (confirmed_by); false: clears it' }),
};

export const BomRowUpdate = z.object(bomFields);

export const AddBomInput = z.object({
  ...bomFields,
  refDesign: refDesignInput,
  partNumber: optionalText('Part number', 200).meta({
    description: 'SPEC field name; matched to the catalogue when part_id is not given',
  }),
});

/** A row of bom/fromFile: a parsed row as the user mapped and corrected it. */
export const BomFileRowInput = z.object({
  line: z.int().nonnegative().max(MAX_INT4).nullish(),
  refDesign: refDesignInput,
  quantity: z.number().nonnegative().max(1_000_000).nullish(),
  partNumber: optionalText('Part number', 200),
  manufacturer: optionalText('Manufacturer', 200),
  value: optionalText('Value', 200),
  footprint: optionalText('Footprint', 200),
  description: optionalText('Description', 2000),
  supplierParts: z.array(supplierPartInput).max(20).optional(),
  part_id: idField('part_id')
    .nullish()
    .meta({ description: 'The part the user picked; otherwise the server matches the row' }),
  custWillSupply: z.boolean().optional(),
});

export const BomFromFileInput = z.object({
  data: z
    .union(
      [
        z
          .object({ read_id: idField('read_id') })
          .meta({ description: 'A read of bom/parse or bom/parseExisted: its rows, as matched' }),
        z
          .array(BomFileRowInput)
          .min(1, 'data must hold at least one row')
          .max(20000, 'data may hold at most 20000 rows')
          .meta({ description: "The client's own rows (at most the server's BOM line limit)" }),
      ],
      { error: 'data must be {read_id} or a list of BOM rows' },
    )
    .meta({
      description:
        '{read_id}: save a read kept on the server (what the web app sends); or a list of rows',
    }),
  file_id: idField('file_id')
    .nullish()
    .meta({ description: 'The BOM product file (type 4) the rows were read from' }),
  replace: z
    .boolean()
    .default(true)
    .meta({ description: 'true (default): the rows replace the BOM; false: they are added' }),
});

export const SaveBomsInput = z.object({
  boms: z
    .array(BomRowUpdate.extend({ id: idField('BOM row id') }), { error: 'boms must be a list' })
    .min(1, 'boms must name at least one row')
    .max(20000),
});

export const SaveSuggestResultsInput = z.object({
  results: z
    .array(
      z.object({
        bom_id: idField('bom_id'),
        part_ids: z
          .array(idField('part_id'))
          .max(50)
          .meta({ description: 'Suggested parts, best first' }),
      }),
      { error: 'results must be a list' },
    )
    .min(1, 'results must name at least one row')
    .max(20000),
});
