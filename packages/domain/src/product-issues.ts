import { boardFileSide } from './board-file-types.ts';
import { type BoardFileForValidation, validateBoardFiles } from './board-files-validation.ts';
import type { BoardSettings } from './board-settings.ts';
import type { BoardSettingsOptions } from './board-settings-options.ts';
import { validateBoardSettings } from './board-settings-validation.ts';
import { type BomRowForConfirmation, isBomRowConfirmed } from './bom-confirmation.ts';
import { type DfmIssueInput, dfmIssueText } from './dfm-issues.ts';
import { PRODUCT_FILE_TYPE_IDS, type ProductFileForRules } from './product-files.ts';
import { duplicateRefDesigns, refDesignKey, refDesignsMissingFrom } from './ref-designators.ts';

/** SPEC §4: the issue checker's tabs, in the order the product view shows them. */
export const ISSUE_TABS = ['Product', 'Files', 'Board', 'BOM', 'Placement'] as const;
export type IssueTab = (typeof ISSUE_TABS)[number];

/** One problem; `number` counts from 1 within its tab. */
export type ProductIssue = { tab: IssueTab; number: number; text: string };

/** What placement checks read of a placement; a full placement (SPEC §3) fits. */
export type PlacementForIssues = { refDesign: string; confirmed: boolean; dnp?: boolean | null };

/** What BOM checks read of a row: confirmation, and the quantity the file stated (if any). */
export type BomRowForIssues = BomRowForConfirmation & { quantity?: number | null };

/** Everything the checker reads, as plain data the server and the browser both hold. */
export type ProductIssuesInput = {
  product: { name: string | null; partNumber: string | null };
  files: readonly ProductFileForRules[];
  boardFiles: readonly BoardFileForValidation[];
  settings: BoardSettings;
  options: BoardSettingsOptions;
  bom: readonly BomRowForIssues[];
  placements: readonly PlacementForIssues[];
  /** The failing checks of the board's design-for-manufacture check, when it was checked. */
  dfm?: readonly DfmIssueInput[];
};

/** Shortest acceptable part number. */
export const MIN_PART_NUMBER_LENGTH = 3;

/** Designator lists in an issue stop after this many, with "and N more". */
export const MAX_LISTED_REF_DESIGNS = 10;

/**
 * The issue texts. The first three are SPEC §5's words; the SPEC names the other checks
 * without wording them.
 */
export const PRODUCT_ISSUE_TEXTS = {
  nameNotSet: 'Product name is not set',
  partNumberEmpty: 'Product part number is empty',
  partNumberTooShort: 'Product part number is too short',
  noFiles: 'No files uploaded',
  untypedFiles: (count: number) =>
    count === 1 ? '1 file has no file type selected' : `${count} files have no file type selected`,
  noBomFiles: 'No BOM files',
  noPickAndPlaceFiles: 'No Pick & Place files',
  noTopSideBoardFiles: 'No top-side board files',
  noBottomSideBoardFiles: 'No bottom-side board files',
  noOutlineBoardFile: 'No outline board file',
  noBomInfo: 'No BOM information',
  unconfirmedParts: (count: number) =>
    count === 1 ? '1 part is not confirmed' : `${count} parts are not confirmed`,
  bomRefsWithoutPlacement: (refs: readonly string[]) =>
    `BOM references without placement: ${formatRefDesignList(refs)}`,
  duplicateBomRefs: (refs: readonly string[]) =>
    `Duplicate BOM references: ${formatRefDesignList(refs)}`,
  noPlacementInfo: 'No placement information',
  unconfirmedPlacements: (count: number) =>
    count === 1 ? '1 placement is not confirmed' : `${count} placements are not confirmed`,
  placementsWithoutBom: (refs: readonly string[]) =>
    `Placements without BOM: ${formatRefDesignList(refs)}`,
  duplicatePlacementRefs: (refs: readonly string[]) =>
    `Duplicate placement references: ${formatRefDesignList(refs)}`,
  quantityMismatch: (rows: readonly { refs: readonly string[]; quantity: number }[]) =>
    `BOM quantity differs from its designators: ${formatList(
      rows.map(
        ({ refs, quantity }) =>
          `${formatRefDesignList(refs)} (quantity ${quantity}, ${refs.length} designator${refs.length === 1 ? '' : 's'})`,
      ),
      '; ',
    )}`,
  caseOnlyDifferences: (pairs: readonly { bom: string; placement: string }[]) =>
    `References differing only in case: ${formatList(
      pairs.map(({ bom, placement }) => `${bom} (BOM) and ${placement} (placements)`),
      ', ',
    )}`,
  dnpPlaced: (refs: readonly string[]) =>
    `Do-not-populate parts with a placement: ${formatRefDesignList(refs)}`,
} as const;

/** Items joined by `separator`, the first MAX_LISTED_REF_DESIGNS and "and N more". */
function formatList(items: readonly string[], separator: string): string {
  if (items.length <= MAX_LISTED_REF_DESIGNS) return items.join(separator);
  const rest = items.length - MAX_LISTED_REF_DESIGNS;
  return `${items.slice(0, MAX_LISTED_REF_DESIGNS).join(separator)} and ${rest} more`;
}

/**
 * SPEC §4/§5 issue checker: every problem of a product, grouped by tab in the view's order and
 * numbered from 1 within each tab. A check that would only repeat a more basic one is left out
 * (no BOM file checks without any file, no designator matching without both BOM and placements).
 */
export function checkProductIssues(input: ProductIssuesInput): ProductIssue[] {
  const textsByTab: Record<IssueTab, string[]> = {
    Product: productIssues(input.product),
    Files: filesIssues(input.files),
    Board: boardIssues(input),
    BOM: bomIssues(input),
    Placement: placementIssues(input),
  };
  return ISSUE_TABS.flatMap((tab) =>
    textsByTab[tab].map((text, index) => ({ tab, number: index + 1, text })),
  );
}

function productIssues(product: ProductIssuesInput['product']): string[] {
  const issues: string[] = [];
  if ((product.name ?? '').trim() === '') issues.push(PRODUCT_ISSUE_TEXTS.nameNotSet);
  const partNumber = (product.partNumber ?? '').trim();
  if (partNumber === '') issues.push(PRODUCT_ISSUE_TEXTS.partNumberEmpty);
  else if (partNumber.length < MIN_PART_NUMBER_LENGTH) {
    issues.push(PRODUCT_ISSUE_TEXTS.partNumberTooShort);
  }
  return issues;
}

function filesIssues(files: readonly ProductFileForRules[]): string[] {
  if (files.length === 0) return [PRODUCT_ISSUE_TEXTS.noFiles];
  const issues: string[] = [];
  const untyped = files.filter((file) => file.type_id === PRODUCT_FILE_TYPE_IDS.initial).length;
  if (untyped > 0) issues.push(PRODUCT_ISSUE_TEXTS.untypedFiles(untyped));
  if (!files.some((file) => file.type_id === PRODUCT_FILE_TYPE_IDS.bom)) {
    issues.push(PRODUCT_ISSUE_TEXTS.noBomFiles);
  }
  if (!files.some((file) => file.type_id === PRODUCT_FILE_TYPE_IDS.pickAndPlace)) {
    issues.push(PRODUCT_ISSUE_TEXTS.noPickAndPlaceFiles);
  }
  return issues;
}

/** Board files rules, the sides and outline the board needs, then the settings rules. */
function boardIssues({ boardFiles, settings, options, dfm }: ProductIssuesInput): string[] {
  const issues = validateBoardFiles(boardFiles, settings, options).errors.map(
    (error) => error.message,
  );
  if (boardFiles.length > 0) issues.push(...missingBoardLayers(boardFiles, settings));
  issues.push(...validateBoardSettings(settings, options).errors.map((error) => error.message));
  if (boardFiles.length > 0) issues.push(...(dfm ?? []).map(dfmIssueText));
  return issues;
}

/**
 * A board needs files for both sides and an outline. A single-layer board has one outer side
 * only, so either side will do for it.
 */
function missingBoardLayers(
  boardFiles: readonly BoardFileForValidation[],
  settings: BoardSettings,
): string[] {
  const hasTop = boardFiles.some((file) => boardFileSide(file.file_type) === 'top');
  const hasBottom = boardFiles.some((file) => boardFileSide(file.file_type) === 'bottom');
  const oneSideIsEnough = settings.numberLayers === 1 && (hasTop || hasBottom);
  const issues: string[] = [];
  if (!hasTop && !oneSideIsEnough) issues.push(PRODUCT_ISSUE_TEXTS.noTopSideBoardFiles);
  if (!hasBottom && !oneSideIsEnough) issues.push(PRODUCT_ISSUE_TEXTS.noBottomSideBoardFiles);
  if (!boardFiles.some((file) => file.file_type === 'outline')) {
    issues.push(PRODUCT_ISSUE_TEXTS.noOutlineBoardFile);
  }
  return issues;
}

function bomIssues({ bom, placements }: ProductIssuesInput): string[] {
  if (bom.length === 0) return [PRODUCT_ISSUE_TEXTS.noBomInfo];
  const issues: string[] = [];
  const unconfirmed = bom.filter((row) => !isBomRowConfirmed(row)).length;
  if (unconfirmed > 0) issues.push(PRODUCT_ISSUE_TEXTS.unconfirmedParts(unconfirmed));
  if (placements.length > 0) {
    // A do-not-populate designator is not placed, so it needs no placement.
    const populated = bom.flatMap((row) =>
      row.refDesign.filter((ref) => !ref.doNotPopulate).map((ref) => ref.refDesign),
    );
    const unplaced = refDesignsMissingFrom(
      populated,
      placements.map((placement) => placement.refDesign),
    );
    if (unplaced.length > 0) issues.push(PRODUCT_ISSUE_TEXTS.bomRefsWithoutPlacement(unplaced));
  }
  const duplicates = duplicateRefDesigns(bomRefDesigns(bom));
  if (duplicates.length > 0) issues.push(PRODUCT_ISSUE_TEXTS.duplicateBomRefs(duplicates));
  const mismatched = bom.flatMap((row) =>
    row.quantity !== undefined &&
    row.quantity !== null &&
    row.refDesign.length > 0 &&
    row.quantity !== row.refDesign.length
      ? [{ refs: row.refDesign.map((ref) => ref.refDesign), quantity: row.quantity }]
      : [],
  );
  if (mismatched.length > 0) issues.push(PRODUCT_ISSUE_TEXTS.quantityMismatch(mismatched));
  if (placements.length > 0) {
    const caseOnly = caseOnlyDifferences(bomRefDesigns(bom), placements);
    if (caseOnly.length > 0) issues.push(PRODUCT_ISSUE_TEXTS.caseOnlyDifferences(caseOnly));
    const placed = new Set(
      placements
        .filter((placement) => placement.dnp !== true)
        .map((p) => refDesignKey(p.refDesign)),
    );
    const dnpPlaced = bom.flatMap((row) =>
      row.refDesign
        .filter((ref) => ref.doNotPopulate && placed.has(refDesignKey(ref.refDesign)))
        .map((ref) => ref.refDesign),
    );
    if (dnpPlaced.length > 0) issues.push(PRODUCT_ISSUE_TEXTS.dnpPlaced(dnpPlaced));
  }
  return issues;
}

/** BOM designators written in another case in the placements (`R1` against `r1`). */
function caseOnlyDifferences(
  bomRefs: readonly string[],
  placements: readonly PlacementForIssues[],
): { bom: string; placement: string }[] {
  const placedAs = new Map<string, string>();
  for (const placement of placements) {
    const key = refDesignKey(placement.refDesign);
    if (!placedAs.has(key)) placedAs.set(key, placement.refDesign.replace(/\s+/g, ''));
  }
  const spellings = new Map<string, string[]>();
  for (const ref of bomRefs) {
    const key = refDesignKey(ref);
    spellings.set(key, [...(spellings.get(key) ?? []), ref.replace(/\s+/g, '')]);
  }
  // A designator written as in the placements somewhere in the BOM is not a difference.
  const pairs = new Map<string, { bom: string; placement: string }>();
  for (const [key, written] of spellings) {
    const placement = placedAs.get(key);
    if (placement !== undefined && !written.includes(placement))
      pairs.set(key, { bom: written[0]!, placement });
  }
  return [...pairs.values()];
}

function placementIssues({ bom, placements }: ProductIssuesInput): string[] {
  if (placements.length === 0) return [PRODUCT_ISSUE_TEXTS.noPlacementInfo];
  const issues: string[] = [];
  // A do-not-populate placement is not placed, so it needs neither confirmation nor a part.
  const populated = placements.filter((placement) => placement.dnp !== true);
  const unconfirmed = populated.filter((placement) => !placement.confirmed).length;
  if (unconfirmed > 0) issues.push(PRODUCT_ISSUE_TEXTS.unconfirmedPlacements(unconfirmed));
  if (bom.length > 0) {
    const withoutBom = refDesignsMissingFrom(
      populated.map((placement) => placement.refDesign),
      bomRefDesigns(bom),
    );
    if (withoutBom.length > 0) issues.push(PRODUCT_ISSUE_TEXTS.placementsWithoutBom(withoutBom));
  }
  const duplicates = duplicateRefDesigns(placements.map((placement) => placement.refDesign));
  if (duplicates.length > 0) issues.push(PRODUCT_ISSUE_TEXTS.duplicatePlacementRefs(duplicates));
  return issues;
}

function bomRefDesigns(bom: ProductIssuesInput['bom']): string[] {
  return bom.flatMap((row) => row.refDesign.map((ref) => ref.refDesign));
}

/** "R1, R2, R3", or the first MAX_LISTED_REF_DESIGNS and "and N more". */
export function formatRefDesignList(refs: readonly string[]): string {
  if (refs.length <= MAX_LISTED_REF_DESIGNS) return refs.join(', ');
  const rest = refs.length - MAX_LISTED_REF_DESIGNS;
  return `${refs.slice(0, MAX_LISTED_REF_DESIGNS).join(', ')} and ${rest} more`;
}
