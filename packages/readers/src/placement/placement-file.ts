// What reading a placement file gives: the formats recognised, the rows in millimetres and
// degrees, and where the unit and side came from. Shared by the reader's parts and its callers.

import type { PlacementUnit } from '@circuits/domain';
import type { RecognisedColumn } from '../columns.ts';
import type { ReadResult, ReadWarning } from '../read-result.ts';
import type { TextEncoding } from '../text/decode.ts';
import type { PlacementField } from './placement-columns.ts';

export const PLACEMENT_FORMATS = {
  'kicad-pos': 'KiCad position file (.pos, ASCII)',
  'kicad-csv': 'KiCad position file (CSV)',
  'altium-text': 'Altium pick and place (text)',
  'altium-csv': 'Altium pick and place (CSV)',
  'eagle-mountsmd': 'Eagle mountsmd (.mnt/.mnb)',
  'eagle-centroid': 'Eagle centroid ULP',
  'jlcpcb-cpl': 'JLCPCB CPL',
  allegro: 'Allegro placement report',
  'geda-pcbxy': 'gEDA PCB XY',
  generic: 'Pick-and-place table',
} as const;
export type PlacementFormat = keyof typeof PLACEMENT_FORMATS;

export type PlacementSide = 'top' | 'bottom';

export type PlacementFileRow = {
  line: number;
  refDesign: string;
  side: PlacementSide;
  xMm: number;
  yMm: number;
  /** Degrees, in [0, 360). */
  angle: number;
  value: string | null;
  package: string | null;
  description: string | null;
  dnp: boolean;
};

export type UnitSource = 'file' | 'header' | 'values' | 'format' | 'guessed' | 'user';
export type SideSource = 'column' | 'file-name' | 'extension' | 'default' | 'user';

export type PlacementColumn = RecognisedColumn<PlacementField>;

export type PlacementFile = {
  format: PlacementFormat;
  formatName: string;
  encoding: TextEncoding | null;
  headerLine: number | null;
  columns: PlacementColumn[];
  /** The unit the positions were written in, and how the reader knows. */
  units: { unit: PlacementUnit; source: UnitSource; detail: string };
  /** Where the side of each placement came from. */
  sides: { source: SideSource; detail: string };
  /** True when the unit, the side or a needed column was guessed: ask the user. */
  needsConfirmation: boolean;
  placements: PlacementFileRow[];
  warnings: ReadWarning[];
};

export type PlacementColumnMapping = { [F in PlacementField]?: number | null };

export type PlacementReadOptions = {
  /** The uploaded file's name: .mnt/.mnb and "top"/"bottom" in it say the side. */
  fileName?: string;
  /** The unit the user says the file is in, over what was found. */
  unit?: PlacementUnit;
  /** The side of every placement, over what was found. */
  side?: PlacementSide;
  headerLine?: number;
  mapping?: PlacementColumnMapping;
  /** A file with more placements than this is refused (`too-large`); see MAX_PLACEMENTS. */
  maxPlacements?: number;
};

/** Placements of one file, unless the caller says otherwise (the server's PLACEMENT_MAX_ROWS). */
export const MAX_PLACEMENTS = 50_000;

export type PlacementReadResult = ReadResult<PlacementFile>;
