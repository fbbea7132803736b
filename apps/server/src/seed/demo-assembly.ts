import { PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import type { Actor } from '../modules/auth/actor.ts';
import type { Services } from '../services.ts';
import { CATEGORY, DEMO_MANUFACTURERS, demoBoardRecords, demoPackages } from './demo-catalogue.ts';
import { sampleBoardParts } from './sample-board.ts';

// The demo board's assembly: its BOM and pick-and-place files (generated with the board) are read
// by the BOM and placements services as a user's would be, and matched to the catalogue. The
// board's parts are in the catalogue before that; two of them (the LED and the header) were
// added by a member of the demo company, so they wait unconfirmed in the moderation queue, with
// a duplicate manufacturer and part that belong merged into the catalogue's own.

/** A catalogue resistor the demo board does not use, duplicated by a member below. */
const DUPLICATED_NUMBER = 'RC0805FR-0710KL';

/** What the demo company's editor added to the catalogue: unconfirmed until moderated. */
export const DEMO_MEMBER_PARTS = [
  {
    manufacturer: 'Lite-On',
    part: {
      name: 'Green chip LED 0805',
      part_number: 'LTST-C171GKT',
      description: 'Green LED 0805, 571 nm, 20 mA',
      category_id: CATEGORY.diodes,
      mount_type: 'SMD' as const,
    },
  },
  {
    manufacturer: 'Adam Tech',
    part: {
      name: 'Pin header 1x04 2.54 mm',
      part_number: 'PH1-04-UA',
      description: 'Straight pin header, 4 positions, 2.54 mm pitch, through hole',
      category_id: CATEGORY.connectors,
      mount_type: 'THT' as const,
    },
  },
  {
    // YAGEO written another way, with a part the catalogue has as RC0805FR-0710KL.
    manufacturer: 'Yageo Corp.',
    part: {
      name: '10k 1% 0805 resistor',
      part_number: 'RC0805FR-07-10KL',
      description: 'Chip resistor 10 kΩ ±1% 0805',
      category_id: CATEGORY.resistors,
      mount_type: 'SMD' as const,
    },
  },
];

/** Part numbers of the catalogue parts the demo board and the member's additions refer to. */
export function boardCatalogueNumbers(): Set<string> {
  return new Set([...sampleBoardParts().map((part) => part.mpn), DUPLICATED_NUMBER]);
}

/**
 * Loads the catalogue parts the demo board and the member's additions refer to (the rest of the
 * demo catalogue loads after the server listens).
 */
export async function seedBoardCatalogue(services: Services): Promise<void> {
  await services.catalogue.loadManufacturers(DEMO_MANUFACTURERS);
  await services.catalogue.loadPackages(demoPackages());
  await services.catalogue.loadRecords(demoBoardRecords(boardCatalogueNumbers()));
}

/** The member's additions, made through the parts service as the member would. */
export async function addMemberParts(services: Services, editor: Actor): Promise<void> {
  for (const entry of DEMO_MEMBER_PARTS) {
    const manufacturer = await services.parts.addManufacturer(editor, { name: entry.manufacturer });
    await services.parts.addPart(editor, { ...entry.part, manufacturer_id: manufacturer.id });
  }
}

/** Reads the product's BOM and pick-and-place files into its BOM rows and placements. */
export async function seedDemoAssembly(
  services: Services,
  editor: Actor,
  productId: number,
): Promise<void> {
  const { files } = await services.products.getPage(editor, productId);
  const bomFile = files.find((file) => file.type_id === PRODUCT_FILE_TYPE_IDS.bom);
  const placementFile = files.find((file) => file.type_id === PRODUCT_FILE_TYPE_IDS.pickAndPlace);
  if (bomFile) {
    const parsed = await services.bom.parseExisted(editor, productId, { file_id: bomFile.id });
    await services.bom.fromFile(editor, productId, {
      file_id: bomFile.id,
      replace: true,
      data: { read_id: parsed.read_id },
    });
  }
  if (placementFile) {
    await services.placements.fromFile(editor, productId, {
      file_id: placementFile.id,
      data: { preview: false, replace: true, offset: 0, limit: 1 },
    });
  }
}
