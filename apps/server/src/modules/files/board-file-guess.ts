import type { BoardFileGuess } from '@circuits/contracts';
import { type BoardFileType, boardFileTypeOf, guessedBoardFileType } from '@circuits/domain';
import type { LayerIdentity } from '@circuits/gerber';

/**
 * What a board file starts as: its type, its layer number for inner layers, and the evidence. A
 * file nothing names starts without a type, its guess holding the layer it is drawn as until the
 * user chooses (`guessed`).
 */
export function boardFileFromIdentity(identity: LayerIdentity): {
  fileType: BoardFileType;
  layerNumber: number | null;
  guess: BoardFileGuess;
} {
  const fileType = boardFileTypeOf(identity);
  const guessedType = guessedBoardFileType(identity);
  const layerNumber = identity.layerNumber ?? null;
  return {
    fileType,
    layerNumber: fileType === 'internalLayer' ? layerNumber : null,
    guess: {
      file_type: guessedType ?? fileType,
      layer_number: layerNumber,
      layer: identity.type,
      side: identity.side,
      cad: identity.cad,
      confidence: identity.confidence,
      reason: identity.reason,
      ...(guessedType ? { guessed: true } : {}),
      ...(identity.evidence ? { evidence: identity.evidence } : {}),
    },
  };
}
