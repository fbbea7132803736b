import type { BoardSettings } from './board-settings.ts';
import { DEFAULT_BOARD_SETTINGS } from './board-settings.ts';

// The configurations docs/pricing.md compares with fabs' published prices ("Reference points").
// apps/server/src/modules/pricing/price-references.test.ts prices each with the default book and holds the result to the table.

export type PriceReference = {
  id: string;
  settings: BoardSettings;
  quantity: number;
};

const board = (overrides: Partial<BoardSettings>): BoardSettings => ({
  ...DEFAULT_BOARD_SETTINGS,
  unitsIn: 'mm',
  edge_rail_width: 4,
  ...overrides,
});

export const PRICE_REFERENCES: readonly PriceReference[] = [
  {
    id: 'R1',
    quantity: 5,
    settings: board({ numberLayers: 2, boardWidth: 100, boardLength: 100 }),
  },
  {
    id: 'R2',
    quantity: 3,
    settings: board({ numberLayers: 2, boardWidth: 100, boardLength: 100 }),
  },
  {
    id: 'R3',
    quantity: 3,
    settings: board({ numberLayers: 4, boardWidth: 100, boardLength: 100 }),
  },
  {
    id: 'R4',
    quantity: 5,
    settings: board({ numberLayers: 6, boardWidth: 102, boardLength: 80, finishing: 'ENIG' }),
  },
  {
    id: 'R5',
    quantity: 10,
    settings: board({ numberLayers: 6, boardWidth: 100, boardLength: 100, finishing: 'ENIG' }),
  },
  {
    id: 'R6',
    quantity: 10,
    settings: board({ numberLayers: 12, boardWidth: 100, boardLength: 60, innerCooper: 1 }),
  },
];
