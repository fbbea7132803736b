import type { BoardFile } from '@circuits/contracts';
import { type BoardFileType, drawnFileType } from '@circuits/domain';
import type { RenderedSvg } from './board-picture.ts';

// What the viewer shows (SPEC §3/§4): a side of the board as made ("side" mode) or the layers of
// a side one by one ("layers" mode), seen from the top (layer id 2) or the bottom (id 3).

export const DISPLAY_MODES = [
  { value: 'side', label: 'Side' },
  { value: 'layers', label: 'Layers' },
] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number]['value'];

/** SPEC §4: the layers offered are Top (id 2) and Bottom (id 3). */
export const VIEW_SIDES = [
  { id: 2, name: 'Top', side: 'top' },
  { id: 3, name: 'Bottom', side: 'bottom' },
] as const;
export type ViewSide = (typeof VIEW_SIDES)[number];

export function viewSideById(id: number): ViewSide {
  return VIEW_SIDES.find((candidate) => candidate.id === id) ?? VIEW_SIDES[0];
}

/** One layer of a render, as renderBoard gives it. */
export type RenderedBoardLayer = {
  filename: string;
  side: string | null;
  type: string | null;
  rendered: RenderedSvg | null;
  /** Drawn as the layer identification guessed: no type is chosen for its file yet. */
  guessed?: boolean;
};

/**
 * The stacking order of the layers of a side seen from that side, lowest first: the inner
 * copper, the outer copper with mask, paste and silk over it, then holes and the board's edge.
 */
const STACK: Record<'top' | 'bottom', readonly BoardFileType[]> = {
  top: [
    'internalLayer',
    'topCopper',
    'topMask',
    'topPaste',
    'topSilk',
    'platedDrill',
    'nonPlatedDrill',
    'routing',
    'outline',
  ],
  bottom: [
    'internalLayer',
    'bottomCopper',
    'bottomMask',
    'bottomPaste',
    'bottomSilk',
    'platedDrill',
    'nonPlatedDrill',
    'routing',
    'outline',
  ],
};

export type SideLayer = {
  boardFile: BoardFile;
  rendered: RenderedSvg;
  /** The type the layer is drawn as: its own, or while none is chosen the one guessed. */
  drawnAs: BoardFileType;
  /** Drawn as a guess nobody confirmed. */
  guessed: boolean;
};

/**
 * The rendered layers seen from one side, lowest first, each with the board file it came from.
 * Inner layers are stacked so the one nearest the viewer is drawn last. A file without a type yet
 * that identification could only guess is listed as the guess, marked; a guessed drawing is
 * listed on its own on either side, above the rest.
 */
export function sideLayers(
  layers: readonly RenderedBoardLayer[],
  boardFiles: readonly BoardFile[],
  side: 'top' | 'bottom',
): SideLayer[] {
  const order = [...STACK[side], 'otherAttachment'] as BoardFileType[];
  const byName = new Map(layers.map((layer) => [layer.filename, layer]));
  const found = boardFiles.flatMap((boardFile) => {
    const rendered = byName.get(boardFile.file.name)?.rendered;
    const drawn = drawnFileType(boardFile.file_type, boardFile.guess);
    if (!rendered || !drawn || !order.includes(drawn.fileType)) return [];
    // Recognised drawings stay out of the layers; a guessed one is shown, to be confirmed.
    if (drawn.fileType === 'otherAttachment' && !drawn.guessed) return [];
    return [{ boardFile, rendered, drawnAs: drawn.fileType, guessed: drawn.guessed }];
  });
  const innerDepth = (file: BoardFile) => {
    const number = file.layer_number ?? 0;
    return side === 'top' ? -number : number;
  };
  return found.sort(
    (a, b) =>
      order.indexOf(a.drawnAs) - order.indexOf(b.drawnAs) ||
      innerDepth(a.boardFile) - innerDepth(b.boardFile) ||
      a.boardFile.file.name.localeCompare(b.boardFile.file.name),
  );
}

/** Board files drawn as a guess (no type chosen yet), for the user to confirm. */
export function guessedBoardFiles(boardFiles: readonly BoardFile[]): BoardFile[] {
  return boardFiles.filter(
    (boardFile) => drawnFileType(boardFile.file_type, boardFile.guess)?.guessed,
  );
}
