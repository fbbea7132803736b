/** A LIKE pattern matching `text` literally (`%`, `_` and the backslash escaped). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
