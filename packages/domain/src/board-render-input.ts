import type { BoardColors, LayerSide, LayerType } from '@circuits/gerber';
import {
  copperFinishColor,
  DEFAULT_BOARD_COLORS,
  silkscreenColor,
  solderMaskColor,
} from './board-colors.ts';
import {
  type BoardFileType,
  type ChosenBoardFileType,
  INITIAL_BOARD_FILE_TYPE,
  isChosenBoardFileType,
} from './board-file-types.ts';
import type { BoardSettings } from './board-settings.ts';
import type { BoardSettingsOptions } from './board-settings-options.ts';

// What the board renderer (packages/gerber renderBoard, in a browser or a server worker) is
// given for a product: each board file as a viewer layer (SPEC §3 side and type) and the colours
// of its settings. Both render paths and the render cache stamp use these, so they agree.

const VIEWER_LAYERS: Readonly<Record<BoardFileType, { side: LayerSide; type: LayerType } | null>> =
  {
    topSilk: { side: 'top', type: 'silkscreen' },
    topMask: { side: 'top', type: 'soldermask' },
    topCopper: { side: 'top', type: 'copper' },
    topPaste: { side: 'top', type: 'solderpaste' },
    internalLayer: { side: 'inner', type: 'copper' },
    bottomPaste: { side: 'bottom', type: 'solderpaste' },
    bottomCopper: { side: 'bottom', type: 'copper' },
    bottomMask: { side: 'bottom', type: 'soldermask' },
    bottomSilk: { side: 'bottom', type: 'silkscreen' },
    platedDrill: { side: 'all', type: 'drill' },
    nonPlatedDrill: { side: 'all', type: 'drill' },
    otherAttachment: { side: 'all', type: 'drawing' },
    // A rout program draws the board edge (its tool centre); the renderer allows for the tool.
    routing: { side: 'all', type: 'outline' },
    outline: { side: 'all', type: 'outline' },
    // Not chosen yet: not drawn, so a wrong guess never shows as a layer.
    initialType: null,
  };

/** The viewer layer a board file is drawn as; null for a file whose type is not chosen. */
export function boardFileLayer(
  fileType: BoardFileType,
): { side: LayerSide; type: LayerType } | null {
  return VIEWER_LAYERS[fileType];
}

/** What identification guessed of a board file nothing names (the board file's `guess`). */
export type GuessOfBoardFile =
  | { guessed?: boolean; file_type: string; layer_number?: number | null }
  | null
  | undefined;

/**
 * The change that confirms a board file drawn as a guess as what it is drawn as (the user's one
 * click); null when the file's type is chosen or nothing was guessed.
 */
export function guessConfirmation(file: {
  id: number;
  file_type: BoardFileType;
  guess?: GuessOfBoardFile;
}): { id: number; file_type: ChosenBoardFileType; layer_number: number | null } | null {
  const drawn = drawnFileType(file.file_type, file.guess);
  if (!drawn?.guessed || !isChosenBoardFileType(drawn.fileType)) return null;
  const layerNumber =
    drawn.fileType === 'internalLayer' ? (file.guess?.layer_number ?? null) : null;
  return { id: file.id, file_type: drawn.fileType, layer_number: layerNumber };
}

/**
 * The type a board file is drawn as: its own once chosen; until then, when identification could
 * only guess it (nothing names the file), the type guessed, drawn marked as a guess. Price,
 * checks and the board's measures count chosen types only.
 */
export function drawnFileType(
  fileType: BoardFileType,
  guess: GuessOfBoardFile,
): { fileType: BoardFileType; guessed: boolean } | null {
  if (fileType !== INITIAL_BOARD_FILE_TYPE) {
    return VIEWER_LAYERS[fileType] ? { fileType, guessed: false } : null;
  }
  if (!guess?.guessed || !isChosenBoardFileType(guess.file_type)) return null;
  return VIEWER_LAYERS[guess.file_type] ? { fileType: guess.file_type, guessed: true } : null;
}

/**
 * SPEC §9: exposed copper follows the finishing (gold, silver or copper tone), the mask and silk
 * take the colours chosen in the settings (the defaults when unset or no longer offered).
 */
export function boardRenderColors(
  settings: Pick<BoardSettings, 'finishing' | 'maskColor' | 'silkColor'>,
  options: Pick<BoardSettingsOptions, 'maskColors' | 'silkColors'>,
): BoardColors {
  return {
    ...DEFAULT_BOARD_COLORS,
    copperFinish: copperFinishColor(settings.finishing),
    mask: solderMaskColor(settings.maskColor, options.maskColors),
    silk: silkscreenColor(settings.silkColor, options.silkColors),
  };
}
