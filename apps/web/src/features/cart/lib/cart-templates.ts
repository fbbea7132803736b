// Cart templates (SPEC §9: kept per user in browser storage): a named set of boards with their
// amounts and materials, to fill the cart again with one click.

export type TemplateLine = { id: number; amount: number; material: string | null };
export type CartTemplate = { name: string; lines: TemplateLine[] };

const MAX_TEMPLATES = 50;

function isLine(value: unknown): value is TemplateLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    Number.isInteger(line.id) &&
    (line.id as number) > 0 &&
    Number.isInteger(line.amount) &&
    (line.amount as number) >= 1 &&
    (line.material === null || typeof line.material === 'string')
  );
}

/** What storage holds, keeping only well-formed templates (another version may have written it). */
export function parseCartTemplates(stored: unknown): CartTemplate[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, lines } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '' || !Array.isArray(lines)) return [];
    const valid = lines.filter(isLine);
    return valid.length > 0 ? [{ name, lines: valid }] : [];
  });
}

/** Saves `lines` under `name`, replacing a template of the same name (case ignored). */
export function saveCartTemplate(
  templates: readonly CartTemplate[],
  name: string,
  lines: readonly TemplateLine[],
): CartTemplate[] {
  const trimmed = name.trim();
  const others = templates.filter(
    (template) => template.name.toLowerCase() !== trimmed.toLowerCase(),
  );
  return [{ name: trimmed, lines: lines.map((line) => ({ ...line })) }, ...others].slice(
    0,
    MAX_TEMPLATES,
  );
}

export function deleteCartTemplate(
  templates: readonly CartTemplate[],
  name: string,
): CartTemplate[] {
  return templates.filter((template) => template.name !== name);
}
