// Server data more than one feature reads or changes: one key each, so a change made in one place
// (a product renamed on its page) refreshes what another shows (the workspace's project cards).

export const queryKeys = {
  /** Every projects list, whatever company it is filtered by. */
  projects: ['projects'] as const,
  projectList: (companyId: number | null) => ['projects', 'list', companyId ?? 'all'] as const,
  companies: ['companies', 'short'] as const,
  /** GET /api/products/{id}: the product with its project, files and board files. */
  product: (productId: number) => ['products', productId] as const,
  /** GET /api/getBoardSettingsOptions. */
  boardSettingsOptions: ['board', 'settings-options'] as const,
  /** A product's board render for one stamp (its files and colours). */
  boardRender: (productId: number, stamp: string) => ['board-render', productId, stamp] as const,
};
