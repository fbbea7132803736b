import type { BoardFileGuess } from '@circuits/contracts';
import { type BoardFileType, INITIAL_BOARD_FILE_TYPE } from '@circuits/domain';
import type { LayerIdentity } from '@circuits/gerber';

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
 * The board file type of an identified layer (docs/decisions.md): an NC rout program is routing;
 * a drill file is non-plated only when it holds non-plated holes alone (mixed or unknown plating
 * is drilled as plated); a recognised drawing (fabrication, assembly, drill drawing) is another
 * attachment; a Gerber file its name does not place waits for the user (initialType).
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

/** What a board file starts as: its type, its layer number for inner layers, and the evidence. */
export function boardFileFromIdentity(identity: LayerIdentity): {
  fileType: BoardFileType;
  layerNumber: number | null;
  guess: BoardFileGuess;
} {
  const fileType = boardFileTypeOf(identity);
  const layerNumber = identity.layerNumber ?? null;
  return {
    fileType,
    layerNumber: fileType === 'internalLayer' ? layerNumber : null,
    guess: {
      file_type: fileType,
      layer_number: layerNumber,
      layer: identity.type,
      side: identity.side,
      cad: identity.cad,
      confidence: identity.confidence,
      reason: identity.reason,
    },
  };
}
