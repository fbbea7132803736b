import type { LayerIdentity } from '@circuits/gerber';
import { type BoardFileType, INITIAL_BOARD_FILE_TYPE } from './board-file-types.ts';

const BY_LAYER: Readonly<Record<string, BoardFileType>> = {
  'copper/top': 'topCopper',
  'copper/bottom': 'bottomCopper',
  'copper/inner': 'internalLayer',
  'soldermask/top': 'topMask',
  'soldermask/bottom': 'bottomMask',
  'silkscreen/top': 'topSilk',
  'silkscreen/bottom': 'bottomSilk',
  'solderpaste/top': 'topPaste',
  'solderpaste/bottom': 'bottomPaste',
  'outline/all': 'outline',
};

/**
 * The board file type of an identified layer, the same on upload and in the instant quote
 * (docs/decisions.md): an NC rout program is routing; a drill file is non-plated only when it
 * holds non-plated holes alone (mixed or unknown plating is drilled as plated); a recognised
 * drawing (fabrication, assembly, drill drawing) is another attachment; a Gerber file nothing
 * names (a guess from what it draws) waits for the user (initialType).
 */
export function boardFileTypeOf(identity: LayerIdentity): BoardFileType {
  if (identity.guessed) return INITIAL_BOARD_FILE_TYPE;
  return likelyBoardFileType(identity);
}

/**
 * The board file type an identity points to, a guess included: what a file nothing names is
 * drawn as until the user confirms it (a drawing: drawn on its own, in the layers view).
 */
export function guessedBoardFileType(identity: LayerIdentity): BoardFileType | null {
  if (!identity.guessed || identity.filetype === null) return null;
  if (identity.type === 'drawing') return 'otherAttachment';
  const type = likelyBoardFileType(identity);
  return type === INITIAL_BOARD_FILE_TYPE ? null : type;
}

function likelyBoardFileType(identity: LayerIdentity): BoardFileType {
  if (identity.rout) return 'routing';
  if (identity.type === 'drill') {
    return identity.plating === 'non-plated' ? 'nonPlatedDrill' : 'platedDrill';
  }
  if (identity.type === 'drawing') {
    return identity.confidence === 'low' || identity.confidence === 'none'
      ? INITIAL_BOARD_FILE_TYPE
      : 'otherAttachment';
  }
  return BY_LAYER[`${identity.type}/${identity.side}`] ?? INITIAL_BOARD_FILE_TYPE;
}
