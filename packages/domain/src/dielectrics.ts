// Ceramic capacitor dielectrics (EIA class 1 and 2) as BOMs and part texts write them; NP0 is
// the same as C0G.

const DIELECTRICS = [
  'C0G',
  'X5R',
  'X6S',
  'X7R',
  'X7S',
  'X7T',
  'X8R',
  'X8L',
  'Y5V',
  'Z5U',
  'X5S',
  'X6T',
  'U2J',
] as const;
export type Dielectric = (typeof DIELECTRICS)[number];

/** `x7r` → X7R; `NP0`, `NPO` and `C0G` → C0G; anything else undefined. */
export function parseDielectric(text: string): Dielectric | undefined {
  const upper = text.trim().toUpperCase();
  if (upper === 'NP0' || upper === 'NPO' || upper === 'COG' || upper === 'C0G') return 'C0G';
  return DIELECTRICS.find((code) => code === upper);
}

export const DIELECTRIC_CODES: readonly Dielectric[] = DIELECTRICS;
