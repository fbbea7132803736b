// The names pick-and-place columns go by (KiCad, Altium, Eagle, OrCAD/Allegro, PADS, DipTrace,
// EasyEDA, Fusion, gEDA, Proteus, JLCPCB and PCBWay templates).

import {
  type HeaderRule,
  matchHeaderAll,
  type NormalisedHeader,
  NUMBER,
  normaliseHeader,
} from '../columns.ts';

export const PLACEMENT_FIELDS = [
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
] as const;
export type PlacementField = (typeof PLACEMENT_FIELDS)[number];

const rules = (field: PlacementField, score: number, ...patterns: string[]) =>
  patterns.map(
    (pattern): HeaderRule<PlacementField> => ({
      field,
      score,
      pattern: new RegExp(`^(?:${pattern})$`),
    }),
  );

export const PLACEMENT_HEADER_RULES: readonly HeaderRule<PlacementField>[] = [
  ...rules(
    'designator',
    1,
    'designators?|ref|refs|reference|references|ref ?des|reference designators?|ref designators?|part ?ref|component|comp|name|part name|component name|sym name refdes|refdesignator',
  ),
  ...rules('designator', 0.7, 'part|parts|id|label|device name|instance'),
  ...rules(
    'x',
    1,
    'mid ?x|center x|centre x|pos ?x|position x|x ?pos|x ?position|location ?x|loc ?x|x|x mm|x mil|x in|x coord|x coordinate|cx|sym x|symbol x|placement x|x value|center ?x|centroid x|x center|x centre|x loc',
  ),
  ...rules('x', 0.7, 'ref x|origin x|x origin'),
  ...rules('x', 0.5, 'pad x'),
  ...rules(
    'y',
    1,
    'mid ?y|center y|centre y|pos ?y|position y|y ?pos|y ?position|location ?y|loc ?y|y|y mm|y mil|y in|y coord|y coordinate|cy|sym y|symbol y|placement y|y value|center ?y|centroid y|y center|y centre|y loc',
  ),
  ...rules('y', 0.7, 'ref y|origin y|y origin'),
  ...rules('y', 0.5, 'pad y'),
  ...rules(
    'rotation',
    1,
    'rotation|rot|angle|orientation|rotate|rotation angle|sym rotate|theta|phi|rotation deg|rot deg|angle deg|r',
  ),
  ...rules(
    'side',
    1,
    'side|layer|tb|t b|top bottom|top ?/ ?bottom|board side|mount side|placement side|sym mirror|mirror|mirrored|pcb side',
  ),
  ...rules('value', 1, 'value|val|comment|comp value|component value|values'),
  ...rules(
    'package',
    1,
    'package|footprint|pattern|case|pcb footprint|footprint name|sym name|symbol name|decal|pcb decal|land pattern|housing|shape',
  ),
  ...rules('description', 1, 'description|desc|part description|comp description'),
  ...rules('description', 0.5, 'device|comp device type|part number|mpn|comp part number'),
  ...rules(
    'doNotPopulate',
    1,
    'dnp|dnf|do not populate|do not place|not fitted|nf|exclude from pos',
  ),
  ...rules('fitted', 1, 'fitted|populate|mount|assemble|install|place|smt'),
  ...rules('item', 1, 'item|#|number|no|index|row|line'),
];

export function matchPlacementHeader(header: NormalisedHeader) {
  return matchHeaderAll(PLACEMENT_HEADER_RULES, header);
}

/** How well a row reads as a placement header. */
export function placementHeaderScore(cells: readonly string[]): {
  score: number;
  fields: Set<PlacementField>;
} {
  const fields = new Set<PlacementField>();
  let score = 0;
  for (const cell of cells) {
    if (cell.trim() === '' || cell.length > 60 || NUMBER.test(cell.trim())) continue;
    const best = matchPlacementHeader(normaliseHeader(cell))[0];
    if (!best || fields.has(best.field)) continue;
    fields.add(best.field);
    score += best.score;
  }
  return { score, fields };
}
