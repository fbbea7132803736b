// The vocabulary of board layers shared by identification, validation and rendering (SPEC §3).

export const LAYER_TYPES = [
  'copper',
  'soldermask',
  'silkscreen',
  'solderpaste',
  'drill',
  'outline',
  'drawing',
] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

export const LAYER_SIDES = ['top', 'bottom', 'inner', 'all'] as const;
export type LayerSide = (typeof LAYER_SIDES)[number];

export const CAD_FLAVOURS = [
  'kicad',
  'altium',
  'allegro',
  'eagle',
  'eagle-legacy',
  'eagle-oshpark',
  'eagle-pcbng',
  'geda-pcb',
  'orcad',
  'diptrace',
] as const;
export type CadFlavour = (typeof CAD_FLAVOURS)[number];

/** Eagle's CAM naming variants: one tool, several conventions. */
export const EAGLE_FLAVOURS: readonly CadFlavour[] = [
  'eagle',
  'eagle-legacy',
  'eagle-oshpark',
  'eagle-pcbng',
];

/** What sniffing the content says a file is: RS-274X Gerber or Excellon (NC drill/rout). */
export type Filetype = 'gerber' | 'drill';

/** Plating of the holes in a drill file; `mixed` when one file holds both kinds. */
export type DrillPlating = 'plated' | 'non-plated' | 'mixed';

/**
 * A file recognised as belonging to an upload but not being a board layer; such a file is
 * identified with type and side null.
 */
export type AuxiliaryKind =
  | 'job' // Gerber job file (.gbrjob, X2 JobInfo)
  | 'drill-parameters' // NC parameters an indefinite drill file needs (Allegro nc_param.txt)
  | 'report' // CAM and drill reports, aperture lists, logs
  | 'bill-of-materials'
  | 'placement' // pick-and-place / centroid
  | 'other';

/** Where the identity came from, strongest first. */
export type IdentitySource = 'x2' | 'header' | 'content' | 'name' | 'none';

export type Confidence = 'high' | 'medium' | 'low' | 'none';

export interface LayerIdentity {
  filename: string;
  /** null: not a board layer (see `auxiliary`) or not recognised (the user must choose). */
  type: LayerType | null;
  /** null for drawings, non-layers and unrecognised files. */
  side: LayerSide | null;
  /** The CAD tool whose naming or header decided, when one did. */
  cad: CadFlavour | null;
  /** From the content; null when no content was given or it is neither Gerber nor Excellon. */
  filetype: Filetype | null;
  /** Drill files only, when the name or the content tells. */
  plating?: DrillPlating;
  /** Copper only: position in the stack counted from the top (1 = top), when known. */
  layerNumber?: number;
  /** An NC rout (milling) program; with type `outline` it is the only source of the board shape. */
  rout?: true;
  /** From X2 %TF.FilePolarity (masks are usually negative). */
  polarity?: 'positive' | 'negative';
  /** Set when the file is recognised as not being a board layer. */
  auxiliary?: AuxiliaryKind;
  source: IdentitySource;
  confidence: Confidence;
  /**
   * The evidence for the identity in plain words, strongest first, and the strongest evidence it
   * outweighed, e.g. `the extension .gtl: top copper in KiCad naming; …`.
   */
  reason: string;
  /** Every piece of evidence weighed, in plain words with its weight. */
  evidence?: string[];
  /**
   * Nothing names the file (no name, attribute or header): type and side are its most likely
   * layer, from what it draws and the rest of the upload, for the user to confirm.
   */
  guessed?: true;
}

const SIDES_BY_TYPE: Record<LayerType, readonly (LayerSide | null)[]> = {
  copper: ['top', 'bottom', 'inner'],
  soldermask: ['top', 'bottom'],
  silkscreen: ['top', 'bottom'],
  solderpaste: ['top', 'bottom'],
  drill: ['all'],
  outline: ['all'],
  drawing: [null, 'top', 'bottom', 'inner', 'all'],
};

export function isLayerType(value: unknown): value is LayerType {
  return typeof value === 'string' && (LAYER_TYPES as readonly string[]).includes(value);
}

export function isLayerSide(value: unknown): value is LayerSide {
  return typeof value === 'string' && (LAYER_SIDES as readonly string[]).includes(value);
}

/** Whether a side/type pair names a layer a board can have (a drawing may have no side). */
export function isValidSideType(side: unknown, type: unknown): boolean {
  if (!isLayerType(type)) return false;
  const sides = SIDES_BY_TYPE[type];
  return side === null || side === undefined
    ? sides.includes(null)
    : sides.includes(side as LayerSide);
}
