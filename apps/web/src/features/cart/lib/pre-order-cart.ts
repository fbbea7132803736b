// The pre-order cart (SPEC §9: kept per user in browser storage): boards gathered for a
// pre-order, each with its amount, material and the sides it concerns, top and bottom. Unlike the
// cart, adding a board that is already there updates its amount (SPEC §4).

export const PRE_ORDER_SIDES = ['top', 'bottom'] as const;
export type PreOrderSide = (typeof PRE_ORDER_SIDES)[number];

export type PreOrderLine = {
  id: number;
  amount: number;
  material: string | null;
  sides: PreOrderSide[];
};

function parseLine(value: unknown): PreOrderLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const line = value as Record<string, unknown>;
  if (!Number.isInteger(line.id) || (line.id as number) < 1) return null;
  if (!Number.isInteger(line.amount) || (line.amount as number) < 1) return null;
  if (line.material !== null && typeof line.material !== 'string') return null;
  const sides = Array.isArray(line.sides)
    ? PRE_ORDER_SIDES.filter((side) => (line.sides as unknown[]).includes(side))
    : [];
  return {
    id: line.id as number,
    amount: line.amount as number,
    material: line.material as string | null,
    sides: sides.length > 0 ? sides : ['top'],
  };
}

/** What storage holds, keeping the well-formed lines, one per board. */
export function parsePreOrderCart(stored: unknown): PreOrderLine[] {
  if (!Array.isArray(stored)) return [];
  const lines: PreOrderLine[] = [];
  for (const entry of stored) {
    const line = parseLine(entry);
    if (line && !lines.some((other) => other.id === line.id)) lines.push(line);
  }
  return lines;
}

/** Adds the board, or updates its amount and material when it is there already. */
export function addToPreOrder(
  lines: readonly PreOrderLine[],
  added: { id: number; amount: number; material: string | null },
): { lines: PreOrderLine[]; updated: boolean } {
  const existing = lines.find((line) => line.id === added.id);
  if (existing) {
    return {
      lines: lines.map((line) =>
        line.id === added.id ? { ...line, amount: added.amount, material: added.material } : line,
      ),
      updated: true,
    };
  }
  return { lines: [...lines, { ...added, sides: ['top'] }], updated: false };
}

/** Changes a line; an amount of 0 removes it. */
export function changePreOrderLine(
  lines: readonly PreOrderLine[],
  id: number,
  change: Partial<Omit<PreOrderLine, 'id'>>,
): PreOrderLine[] {
  if (change.amount === 0) return lines.filter((line) => line.id !== id);
  return lines.map((line) => {
    if (line.id !== id) return line;
    const next = { ...line, ...change };
    // A line concerns at least one side.
    return next.sides.length > 0 ? next : line;
  });
}

export function removeFromPreOrder(lines: readonly PreOrderLine[], ids: readonly number[]) {
  return lines.filter((line) => !ids.includes(line.id));
}
