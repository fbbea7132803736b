// Source files over the house limit today, each with its length when the limit came in as its
// ceiling. The list only shrinks: a listed file may not grow, and one split below the limit must
// come off the list (the house test says which). No file joins it; split a file instead.

export const MAX_SOURCE_LINES = 500;

export const KNOWN_LARGE_FILES: Record<string, number> = {
  'apps/server/src/config-reference.ts': 566,
  'apps/server/src/config.ts': 531,
  'apps/server/src/modules/board/board-render.service.ts': 597,
  'apps/server/src/modules/products/products.service.ts': 667,
  'apps/server/src/services.ts': 507,
  'apps/web/src/features/board/components/board-canvas.tsx': 719,
  'packages/contracts/src/product.contract.ts': 531,
};
