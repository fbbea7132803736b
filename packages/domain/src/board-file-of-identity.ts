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
 * drawing (fabrication, assembly, drill drawing) is another attachment; a Gerber file its name
 * does not place waits for the user (initialType).
 */
export function boardFileTypeOf(identity: LayerIdentity): BoardFileType {
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
