// A view's script or stylesheet chunk that fails to download (SPEC §8: ChunkLoadError and
// CSS_CHUNK_LOAD_FAILED). Browsers word the failure differently; Vite adds its own for CSS.

const CHUNK_FAILURE_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite, a stylesheet of the chunk
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  if ((error as { code?: unknown }).code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return CHUNK_FAILURE_PATTERNS.some((pattern) => pattern.test(error.message));
}
