// Constants of projects and stored files (SPEC §3), shared by server and web app.

/** SPEC §3: the colours a project can be marked with, in the order the picker shows them. */
export const MARKED_COLORS = [
  '#4ae387',
  '#e34a4a',
  '#4ab2e3',
  '#db76df',
  '#f7cc36',
  '#f3f3f3',
  '#000',
] as const;
export type MarkedColor = (typeof MARKED_COLORS)[number];
export const DEFAULT_MARKED_COLOR: MarkedColor = '#4ae387';

export function isMarkedColor(value: string): value is MarkedColor {
  return (MARKED_COLORS as readonly string[]).includes(value);
}

/** Files up to this size count as small: the browser may open and render them directly. */
export const SMALL_FILE_MAX_BYTES = 10 * 1024 * 1024;

export function isSmallFile(sizeBytes: number): boolean {
  return sizeBytes <= SMALL_FILE_MAX_BYTES;
}
