// The names BOM columns go by, in the exports of KiCad (eeschema, pcbnew, KiBoM, KiBot, KiCost),
// Altium, Eagle, OrCAD, PADS, DipTrace, EasyEDA, Fusion, Proteus and the templates of JLCPCB,
// PCBWay and distributors.

import { BOM_FIELDS, type BomField, expandDesignators } from '@circuits/domain';
import {
  contentRatio,
  fillRatio,
  type HeaderRule,
  matchHeader,
  matchHeaderAll,
  NUMBER,
  normaliseHeader,
  type RecognisedColumn,
} from '../columns.ts';

export { BOM_FIELDS, type BomField };

/**
 * Fields that may come in many columns: supplier part numbers, and the second sources a BOM lists
 * beside the part (`Mfg_1`, `PN_1`, `Alt MPN`).
 */
export const MULTI_COLUMN_FIELDS: ReadonlySet<BomField> = new Set([
  'supplierPartNumber',
  'supplier',
  'substitutePartNumber',
  'substituteManufacturer',
]);

/** Fields that take one column each; supplier part numbers may come in many columns. */
export const SINGLE_COLUMN_FIELDS = BOM_FIELDS.filter((field) => !MULTI_COLUMN_FIELDS.has(field));

const DISTRIBUTORS =
  'digi ?key|digikey|dk|mouser|farnell|newark|element ?14|rs|rs components|arrow|tme|lcsc|jlc|jlcpcb|avnet|future|octopart|oc farnell|oc newark|buerklin|conrad|reichelt|distrelec|chip ?dip|wurth|rutronik';

const rules = (field: BomField, score: number, ...patterns: string[]): HeaderRule<BomField>[] =>
  patterns.map((pattern) => ({ field, score, pattern: new RegExp(`^(?:${pattern})$`) }));

export const BOM_HEADER_RULES: readonly HeaderRule<BomField>[] = [
  ...rules(
    'designator',
    1,
    'designators?|designator s|ref|refs|reference|references|reference s|ref s|ref ?des|ref ?designators?|reference designators?|designator list|ref des list|part references?|refdes list|references? designators?',
  ),
  ...rules('designator', 0.9, 'parts'),
  ...rules(
    'designator',
    0.75,
    'components?|component references?|positions?|pos|location|placement',
  ),
  ...rules('designator', 0.6, 'part|name|label|item designator|instance'),
  ...rules(
    'quantity',
    1,
    'qty|quantity|qnty|qty per (?:board|pcb|unit|assembly)|quantity per (?:board|pcb|unit|assembly)|qty ea|count|pcs|qty pcs|quant|menge|anzahl|cantidad|qte|quantite|quantita',
  ),
  ...rules('quantity', 0.7, 'amount|number of parts|qty required|used|units'),
  ...rules(
    'partNumber',
    1,
    'mpn|manufacturer part ?number|manufacturer part|manufacturer part #|manufacturer pn|mfr part ?number|mfr part #|mfr part|mfr pn|mfr #|mfg part ?number|mfg part #|mfg pn|mfg #|mf pn|mfpn|manf #|manf part ?number|manufacturer s part number|manufacturer number|manufacturers part number|part ?number|part #|pn|manufacturer part number mpn|mfr ?part ?number|herstellernummer|artikelnummer',
  ),
  ...rules(
    'partNumber',
    0.7,
    'part ?numbers?|part ?no|partno|part id|article|order code mpn|comp part number|component|part name',
  ),
  ...rules('partNumber', 0.5, 'device|type|typ'),
  ...rules(
    'manufacturer',
    1,
    'manufacturer|manufacturer name|manufacturers|mfr|mfg|manf|mfr name|mfg name|maker|brand|make|hersteller|fabricant|fabricante',
  ),
  ...rules('manufacturer', 0.7, 'vendor|mf|manufacturer s'),
  ...rules('value', 1, 'value|val|values|component value|part value|wert|valor|valeur'),
  ...rules('value', 0.85, 'comment'),
  ...rules('value', 0.8, 'designation|nominal'),
  // EasyEDA's "Name" is the part's value ("100nF", "330Ω") when a designator column is beside it.
  ...rules('value', 0.55, 'name'),
  ...rules(
    'footprint',
    1,
    'footprint|package|case|pcb footprint|footprint name|case package|package case|package type|pattern|land pattern|pcb decal|decal|housing|gehause|bauform|encapsulado',
  ),
  ...rules('footprint', 0.6, 'size|shape|form factor'),
  ...rules(
    'description',
    1,
    'description|desc|part description|component description|descriptions|beschreibung|descripcion',
  ),
  ...rules('description', 0.6, 'characteristics|details|specification|specs'),
  ...rules('description', 0.4, 'notes?|remarks?|comments'),
  ...rules(
    'doNotPopulate',
    1,
    'dnp|dnf|dni|do not populate|do not place|do not fit|do not install|not fitted|not populated|no pop|nopop|no load|exclude from bom|excluded|nf',
  ),
  ...rules(
    'fitted',
    1,
    'fitted|fit|populate|populated|mount|mounted|assemble|assembled|install|installed|place|placed|assembly|smt|bestuckt|bestucken|load',
  ),
  ...rules('fitted', 0.5, 'assembly info|assembly notes?|variant|status'),
  ...rules('supplier', 1, 'supplier|distributor|supplier name|distributor name|source|vendor name'),
  ...rules(
    'supplierPartNumber',
    1,
    `supplier part ?number|supplier part|supplier part #|supplier pn|supplier #|supplier code|supplier and ref|supplier ref|distributor part ?number|distributor pn|distributor #|vendor part ?number|vendor pn|vendor #|order code|order number|ordering code|sku|cat #|catalog number|catalogue number|stock code|stock number|(?:${DISTRIBUTORS})(?: part)?(?: ?#| number| pn| code| ref| sku| no| order code)?|lcsc part number|lcsc part #|jlcpcb part #|jlc part #|jlcpcb part number|lcsc id|jlc id|basic part|bestellnummer|reference fournisseur`,
  ),
  // Second sources named so; numbered repeats (`Mfg_1`, `PN_1`) are told below.
  ...rules(
    'substitutePartNumber',
    1,
    '(?:alt|alternate|alternative|second source|substitute) (?:mpn|pn|part ?number)|second source|substitute',
  ),
  ...rules(
    'substituteManufacturer',
    1,
    '(?:alt|alternate|alternative|second source|substitute) (?:manufacturer|mfg|mfr)',
  ),
  ...rules(
    'item',
    1,
    'item|item #|#|id|number|row|line|index|pos number|item number|nr|no|s number|sn',
  ),
];

/** The distributor a header or a group label names (`digikey#` -> Digi-Key). */
export function distributorIn(text: string): string | null {
  // A name is short: a long cell is looked at by its start only.
  const t = (text.length > 200 ? text.slice(0, 200) : text).toLowerCase();
  if (/digi ?-?key|(?:^|[^a-z])dk(?:[^a-z]|$)/.test(t)) return 'Digi-Key';
  if (/mouser/.test(t)) return 'Mouser';
  if (/farnell|element ?14/.test(t)) return 'Farnell';
  if (/newark/.test(t)) return 'Newark';
  if (/lcsc|jlc/.test(t)) return 'LCSC';
  if (/\barrow\b/.test(t)) return 'Arrow';
  if (/\brs\b|rs components|rs online/.test(t)) return 'RS Components';
  if (/\btme\b/.test(t)) return 'TME';
  if (/avnet/.test(t)) return 'Avnet';
  if (/reichelt/.test(t)) return 'Reichelt';
  if (/conrad/.test(t)) return 'Conrad';
  if (/distrelec/.test(t)) return 'Distrelec';
  return null;
}

export const LCSC_CODE = /^C\d{3,9}$/;
/** A Digi-Key part number: the maker's number or Digi-Key's own, then "-ND". */
export const DIGIKEY_CODE = /^[A-Z0-9][A-Z0-9./#-]{0,40}-ND$/i;
const MPN_LIKE = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9\-/+.#_(),]{3,39}$/;
// Stricter than what the reader accepts: a short prefix and a number, so that part numbers
// (GRM1555C1H330JA01D) do not look like designators.
const DESIGNATOR_SHAPE = /^[A-Za-z_]{1,6}\d{1,6}(?:[_#.][A-Za-z0-9]{1,6})?$|^[A-Za-z]{1,6}\?$/;
const DESIGNATOR_CELL = (cell: string) => {
  // A sample cell only says what its column holds: its first designators are enough.
  const { designators, problems } = expandDesignators(cell, 1000);
  return (
    designators.length > 0 &&
    problems.every((problem) => problem.type === 'too-many') &&
    designators.every((d) => d.fromRange !== null || DESIGNATOR_SHAPE.test(d.refDesign))
  );
};
// Manufacturers that BOMs name most; enough to tell a manufacturer column by its content.
const MANUFACTURERS =
  /\b(murata|tdk|yageo|samsung|kemet|vishay|panasonic|rohm|bourns|texas instruments|ti|analog devices|adi|maxim|microchip|nxp|st|stmicroelectronics|infineon|on ?semi|onsemi|nexperia|diodes|wurth|würth|molex|te connectivity|amphenol|hirose|jst|avx|kyocera|taiyo yuden|stackpole|susumu|walsin|uniroyal|fenghua|littelfuse|abracon|epson|nichicon|rubycon|coilcraft|sunlord|toshiba|renesas|silicon lab|skyworks|qorvo|xilinx|altera|intel|lattice|espressif|nordic|winbond|macronix|micron|issi|cypress|linear|lumex|kingbright|osram|everlight|cui|c&k|e-switch|omron|alps|harwin|samtec|keystone|lem|aavid|central semi)/i;

export type ColumnProfile = {
  designator: number | null;
  number: number | null;
  lcsc: number | null;
  digiKey: number | null;
  mpn: number | null;
  manufacturer: number | null;
  longText: number | null;
  fill: number;
};

/** What a column's cells look like, for checking and guessing its field. */
export function profileColumn(cells: readonly string[]): ColumnProfile {
  return {
    designator: contentRatio(cells, DESIGNATOR_CELL),
    number: contentRatio(cells, (cell) => NUMBER.test(cell)),
    lcsc: contentRatio(cells, (cell) => LCSC_CODE.test(cell)),
    digiKey: contentRatio(cells, (cell) => DIGIKEY_CODE.test(cell)),
    mpn: contentRatio(cells, (cell) => MPN_LIKE.test(cell) && !DESIGNATOR_CELL(cell)),
    manufacturer: contentRatio(cells, (cell) => MANUFACTURERS.test(cell) && cell.length < 40),
    longText: contentRatio(cells, (cell) => cell.length > 18 && /\s/.test(cell)),
    fill: fillRatio(cells),
  };
}

/** How well the cells fit the field the header names: 1 fits, lower doubts the header. */
function contentFactor(field: BomField, profile: ColumnProfile): number {
  const ratio = (value: number | null, good: number, fair: number) =>
    value === null ? 1 : value >= good ? 1 : value >= fair ? 0.8 : 0.4;
  switch (field) {
    case 'designator':
      return ratio(profile.designator, 0.8, 0.5);
    case 'quantity':
      return ratio(profile.number, 0.9, 0.6);
    case 'item':
      return ratio(profile.number, 0.9, 0.6);
    default:
      return 1;
  }
}

/**
 * Recognises the columns of a BOM from its header cells and the cells under them. Each field
 * goes to its best column; supplier part numbers may take several columns.
 */
export function recogniseBomColumns(
  headers: readonly string[],
  columns: readonly (readonly string[])[],
  groupLabels: readonly (string | null)[] = [],
): { recognised: RecognisedColumn<BomField>[]; suppliers: (string | null)[] } {
  const candidates = headers.map((header, index) => {
    const normalised = normaliseHeader(header);
    const profile = profileColumn(columns[index] ?? []);
    let field: BomField | null = null;
    let score = 0;
    if (normalised.text !== '') {
      for (const match of matchHeaderAll(BOM_HEADER_RULES, normalised)) {
        const weighed = match.score * contentFactor(match.field, profile);
        if (weighed > score) [field, score] = [match.field, weighed];
      }
    }
    let basis: RecognisedColumn<BomField>['basis'] = field !== null ? 'header' : null;
    // A value or designation column holding LCSC codes (KiCad pcbnew's "Designation", a JLC
    // CPL's "Val") is a supplier part number column.
    if (
      (field === 'value' || field === null || field === 'partNumber') &&
      (profile.lcsc ?? 0) >= 0.8
    ) {
      field = 'supplierPartNumber';
      score = 0.7;
      basis = 'content';
    }
    // Digi-Key's own numbers end in "-ND" ("1292-1639-1-ND"): a column of them is Digi-Key's,
    // whatever its header says ("DK", "Part #").
    let contentSupplier: string | null = null;
    if (
      (field === 'value' || field === null || field === 'partNumber') &&
      (profile.digiKey ?? 0) >= 0.8
    ) {
      field = 'supplierPartNumber';
      score = 0.7;
      basis = 'content';
      contentSupplier = 'Digi-Key';
    }
    if (field === null && profile.fill > 0.2) {
      // Unnamed or unknown columns (KiCad's "Field1".."Field8") are guessed from their cells.
      if ((profile.designator ?? 0) >= 0.9) [field, score] = ['designator', 0.5];
      else if ((profile.manufacturer ?? 0) >= 0.6) [field, score] = ['manufacturer', 0.5];
      else if ((profile.longText ?? 0) >= 0.6) [field, score] = ['description', 0.4];
      else if ((profile.mpn ?? 0) >= 0.8) [field, score] = ['partNumber', 0.45];
      if (field !== null) basis = 'content';
    }
    const group = groupLabels[index] ?? null;
    const supplier =
      distributorIn(header) ?? (group !== null ? distributorIn(group) : null) ?? contentSupplier;
    return { index, header, normalised, field, score, basis, profile, supplier };
  });

  // Each single-column field goes to its best-scoring column, the earlier one on a tie; a
  // column that loses falls back to nothing.
  const winners = new Map<BomField, number>();
  for (const candidate of candidates) {
    if (candidate.field === null) continue;
    if (MULTI_COLUMN_FIELDS.has(candidate.field)) continue;
    const current = winners.get(candidate.field);
    const currentCandidate = current === undefined ? null : candidates[current]!;
    const better =
      currentCandidate === null ||
      candidate.score > currentCandidate.score ||
      (candidate.score === currentCandidate.score &&
        candidate.profile.fill > currentCandidate.profile.fill + 0.2);
    if (better) winners.set(candidate.field, candidate.index);
  }
  // A numbered repeat of the part number or maker column (KiCad's `Mfg_1`, `PN_1` beside `Mfg`,
  // `PN`) that lost to the first one names a second source, not nothing.
  const SECOND_SOURCE: Partial<Record<BomField, BomField>> = {
    partNumber: 'substitutePartNumber',
    manufacturer: 'substituteManufacturer',
  };
  for (const candidate of candidates) {
    const second = candidate.field === null ? undefined : SECOND_SOURCE[candidate.field];
    const winner = candidate.field === null ? undefined : winners.get(candidate.field);
    if (second === undefined || winner === undefined || winner === candidate.index) continue;
    const first = candidates[winner]!;
    if (
      first.normalised.text === candidate.normalised.text &&
      /\d\s*$/.test(candidate.header) &&
      !/\d\s*$/.test(first.header)
    )
      candidate.field = second;
  }
  // A "Comment" that lost value to a "Value" column is the description when there is none.
  for (const candidate of candidates) {
    if (
      candidate.field === 'value' &&
      winners.get('value') !== candidate.index &&
      !winners.has('description') &&
      candidate.normalised.text === 'comment'
    ) {
      candidate.field = 'description';
      candidate.score = 0.6;
      winners.set('description', candidate.index);
    }
  }

  const recognised = candidates.map((candidate): RecognisedColumn<BomField> => {
    const kept =
      candidate.field !== null &&
      (MULTI_COLUMN_FIELDS.has(candidate.field) ||
        winners.get(candidate.field) === candidate.index);
    const score = kept ? Math.round(candidate.score * 100) / 100 : 0;
    return {
      index: candidate.index,
      header: candidate.header,
      field: kept ? candidate.field : null,
      score,
      confidence: kept ? (score >= 0.85 ? 'high' : score >= 0.6 ? 'medium' : 'low') : null,
      basis: kept ? candidate.basis : null,
    };
  });
  return { recognised, suppliers: candidates.map((candidate) => candidate.supplier) };
}

/** How well a row reads as a BOM header: the summed scores of the cells it names. */
export function bomHeaderScore(cells: readonly string[]): { score: number; fields: Set<BomField> } {
  const fields = new Set<BomField>();
  let score = 0;
  for (const cell of cells) {
    if (cell.trim() === '' || cell.length > 60 || NUMBER.test(cell.trim())) continue;
    const match = matchHeader(BOM_HEADER_RULES, normaliseHeader(cell));
    if (match === null || fields.has(match.field)) continue;
    fields.add(match.field);
    score += match.score;
  }
  return { score, fields };
}
