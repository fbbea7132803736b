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
  /** The part of the (lower-cased) name the rule matched, for telling the user why. */
  matched?: string;
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
  const matched = found[0];
  if (rule.copperIndex === 'position') {
    const identity: NameIdentity = { type: 'copper', side: index === 1 ? 'top' : 'inner' };
    return { rule, identity, layerNumber: index, matched };
  }
  return {
    rule,
    identity: rule.identity,
    innerOrder: { series: rule.copperIndex!, index },
    matched,
  };
}

// Real file names are far shorter; the bound keeps matching cheap whatever a client sends.
const NAME_LENGTH_LIMIT = 255;

/** Rules whose pattern does not say which extensions it ends in, in rule order. */
const OPEN_RULES = NAME_RULES.filter((rule) => !rule.extensions);

/**
 * One expression matching wherever some open rule's pattern matches: the alternation of their
 * sources. A name it does not match (most names) skips every open rule in one search instead of
 * one search each. Left null if a pattern has flags or back-references, which an alternation
 * would change.
 */
const ANY_OPEN_RULE = OPEN_RULES.every(
  ({ pattern }) => pattern.flags === '' && !/\\[1-9k]/.test(pattern.source),
)
  ? new RegExp(OPEN_RULES.map(({ pattern }) => `(?:${pattern.source})`).join('|'))
  : null;

/**
 * The rules a name with a given extension may satisfy, in rule order: those requiring that
 * extension, with or without the open ones. A name whose extension no rule requires gets
 * `OPEN_RULES` or none.
 */
function rulesByExtension(withOpenRules: boolean): Map<string, readonly NameRule[]> {
  const byExtension = new Map<string, readonly NameRule[]>();
  for (const rule of NAME_RULES) {
    for (const extension of rule.extensions ?? []) {
      if (byExtension.has(extension)) continue;
      const candidates = NAME_RULES.filter((candidate) =>
        candidate.extensions ? candidate.extensions.has(extension) : withOpenRules,
      );
      byExtension.set(extension, candidates);
    }
  }
  return byExtension;
}

const WITH_OPEN_RULES = rulesByExtension(true);
const WITHOUT_OPEN_RULES = rulesByExtension(false);

/** The rules worth testing on a lower-cased base name: the others cannot match it. */
function candidateRules(name: string, extension: string | null): readonly NameRule[] {
  const open = ANY_OPEN_RULE === null || ANY_OPEN_RULE.test(name);
  const byExtension = open ? WITH_OPEN_RULES : WITHOUT_OPEN_RULES;
  return (extension === null ? undefined : byExtension.get(extension)) ?? (open ? OPEN_RULES : []);
}

/** Every naming rule the file name satisfies, in rule order. */
export function matchFilename(filename: string): NameMatch[] {
  const name = baseName(filename).slice(-NAME_LENGTH_LIMIT).toLowerCase();
  const dot = name.lastIndexOf('.');
  const extension = dot < 0 ? null : name.slice(dot + 1);
  const matches: NameMatch[] = [];
  for (const rule of candidateRules(name, extension)) {
    const found = rule.pattern.exec(name);
    if (!found) continue;
    const numbered = rule.copperIndex !== undefined && found[1] !== undefined;
    matches.push(
      numbered ? numberedCopper(rule, found) : { rule, identity: rule.identity, matched: found[0] },
    );
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
