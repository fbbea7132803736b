import type { DrillPlating } from './layer-types.ts';
import { NAME_RULES, type NameIdentity, type NameRule } from './name-rules.ts';

/** The order of an inner copper layer within a naming series (KiCad In1, In2; Altium G1, G2). */
export interface InnerOrder {
  series: string;
  index: number;
}

export interface NameMatch {
  rule: NameRule;
  identity: NameIdentity;
  /** The stack position when the name gives it outright (Allegro lyr2 = second copper layer). */
  layerNumber?: number;
  innerOrder?: InnerOrder;
}

/** The file name without any folder (uploads often come from archives with folders). */
export function baseName(filename: string): string {
  return filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
}

function numberedCopper(rule: NameRule, found: RegExpExecArray): NameMatch {
  const index = Number(found[1]);
  if (rule.copperIndex === 'position') {
    const identity: NameIdentity = { type: 'copper', side: index === 1 ? 'top' : 'inner' };
    return { rule, identity, layerNumber: index };
  }
  return { rule, identity: rule.identity, innerOrder: { series: rule.copperIndex!, index } };
}

// Real file names are far shorter; the bound keeps matching cheap whatever a client sends.
const NAME_LENGTH_LIMIT = 255;

/** Every naming rule the file name satisfies, in rule order. */
export function matchFilename(filename: string): NameMatch[] {
  const name = baseName(filename).slice(-NAME_LENGTH_LIMIT).toLowerCase();
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? null : name.slice(dot + 1);
  const matches: NameMatch[] = [];
  for (const rule of NAME_RULES) {
    if (rule.extensions && (extension === null || !rule.extensions.has(extension))) continue;
    const found = rule.pattern.exec(name);
    if (!found) continue;
    const numbered = rule.copperIndex !== undefined && found[1] !== undefined;
    matches.push(numbered ? numberedCopper(rule, found) : { rule, identity: rule.identity });
  }
  return matches;
}

const NON_PLATED_WORD = /(?:^|[^a-z])(?:npth|non[-_ ]?plated|unplated)(?:[^a-z]|$)/;
const PLATED_WORD = /(?:^|[^a-z])(?:pth|plated)(?:[^a-z]|$)/;

/** Plating a drill file's name states (KiCad -PTH/-NPTH, gEDA plated-drill/unplated-drill). */
export function platingFromName(filename: string): DrillPlating | undefined {
  const name = baseName(filename).toLowerCase();
  if (NON_PLATED_WORD.test(name)) return 'non-plated';
  if (PLATED_WORD.test(name)) return 'plated';
  return undefined;
}
