// A problem found while composing a board, named with the file it came from. On its own because
// both the board render and the outline reader report them, and the render reads the outline.

export interface BoardWarning {
  /** The layer file the problem is in; null for the board as a whole. */
  filename: string | null;
  line?: number;
  message: string;
}
