// Matching BOM lines to the catalogue (SPEC §5: part numbers compared without case, spaces and
// dashes): the part number first, with the manufacturer (or one of its aliases) choosing among
// parts of the same number; then supplier codes (LCSC `C` numbers); and, for passives with no
// part number found, the value and package through the engineering-value parser, best stock
// first. Only a sure match links the part; the rest are kept as suggestions.

import type { PartsSearchRow } from '@circuits/contracts';
import {
  type BomRefDesign,
  formatValue,
  parseComponentValue,
  partNumberKey,
  type Quantity,
} from '@circuits/domain';
import type { Clock } from '../../clock.ts';
import type { Actor } from '../auth/actor.ts';
import type { PackagesService } from '../packages/packages.service.ts';
import type { PartsService } from '../parts/parts.service.ts';
import type { SuggestionRecord, SupplierPartRecord } from './bom.tables.ts';

export type MatchInput = {
  partNumber: string | null;
  manufacturer: string | null;
  value: string | null;
  footprint: string | null;
  supplierParts: readonly SupplierPartRecord[];
  refDesign: readonly BomRefDesign[];
};

export type MatchResult = {
  /** The part to link: set only for a sure match. */
  partId: number | null;
  basis: SuggestionRecord['basis'] | null;
  confidence: SuggestionRecord['confidence'] | null;
  /** Candidates, best first (the linked part first when there is one). */
  suggestions: SuggestionRecord[];
  /** Why these candidates, or why none: shown beside the line. */
  reason: string | null;
};

/**
 * How long a line's match is reused: bom/parseExisted matches a file's lines to show them, and
 * bom/fromFile saves the same lines moments later, as the user saw them.
 */
export const RECENT_MATCH_MS = 10 * 60_000;
/** Lines whose matches are kept (the oldest go first). */
const RECENT_MATCH_LINES = 50_000;

/** Suggestions kept per row. */
export const MAX_SUGGESTIONS = 3;
/** Value-and-package searches run at once. */
const VALUE_SEARCH_CONCURRENCY = 4;

const LCSC_CODE = /^C\d{3,9}$/i;
const COMPANY_WORDS =
  /\b(inc|incorporated|corp|corporation|co|company|ltd|limited|llc|gmbh|ag|sa|bv|nv|plc|kk|semiconductors?|electronics?|technology|technologies|tech|intl|international|group|holdings?)\b/g;

/** A manufacturer name to compare: lower case, no punctuation, no company-form words. */
export function manufacturerKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(COMPANY_WORDS, ' ')
    .replace(/\s+/g, '');
}

function sameManufacturer(written: string, name: string | null, aliases: readonly string[]) {
  const key = manufacturerKey(written);
  if (key === '') return false;
  return [name ?? '', ...aliases].some((candidate) => {
    const other = manufacturerKey(candidate);
    return other !== '' && (other === key || other.startsWith(key) || key.startsWith(other));
  });
}

const QUANTITY_BY_PREFIX: [RegExp, Quantity][] = [
  [/^R(?!LY)/i, 'resistance'],
  [/^C/i, 'capacitance'],
  [/^L/i, 'inductance'],
];

/** What a passive's value measures, from its first designator (R, C, L). */
function quantityHint(refDesign: readonly BomRefDesign[]): Quantity | undefined {
  const first = refDesign[0]?.refDesign ?? '';
  return QUANTITY_BY_PREFIX.find(([pattern]) => pattern.test(first))?.[1];
}

/**
 * Words of a footprint that may name a package, the most specific first: the whole name, the
 * name without its library (`Capacitor_SMD:C_0402_1005Metric`), the name without an IPC-7351
 * height (`CAPC1608X90N` -> capc1608), then its parts (`R_0402_1005Metric` -> r, 0402,
 * 1005metric). Which package a word names is data (the packages' aliases), not code.
 */
export function footprintWords(footprint: string): string[] {
  const whole = footprint.trim().toLowerCase();
  const afterLibrary = whole.includes(':') ? whole.slice(whole.lastIndexOf(':') + 1) : whole;
  const ipc = /^([a-z]{3,5}\d{4})x\d+[lnm]?$/.exec(afterLibrary)?.[1];
  const words = afterLibrary.split(/[\s_\-/()]+/).filter((word) => word.length >= 2);
  return [...new Set([whole, afterLibrary, ...(ipc ? [ipc] : []), ...words])];
}

async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What a line's match depends on (with who asks: what they may see of the catalogue). */
function matchKey(actor: Actor, row: MatchInput): string {
  return JSON.stringify([
    actor.companyId,
    actor.role,
    row.partNumber,
    row.manufacturer,
    row.value,
    row.footprint,
    row.supplierParts.map((s) => s.partNumber),
    quantityHint(row.refDesign) ?? null,
  ]);
}

/**
 * What one read's batches of lines share: the catalogue's answer for each value-and-package
 * keyword, asked once per read however many batches name it.
 */
export type MatchMemo = { searches: Map<string, Promise<PartsSearchRow[]>> };

export function newMatchMemo(): MatchMemo {
  return { searches: new Map() };
}

export function createBomMatcher(deps: {
  parts: PartsService;
  packages: PackagesService;
  clock: Clock;
}) {
  const { parts, packages, clock } = deps;
  const recent = new Map<string, { at: number; result: MatchResult }>();

  function remember(key: string, result: MatchResult, at: number) {
    recent.delete(key);
    if (recent.size >= RECENT_MATCH_LINES) recent.delete(recent.keys().next().value as string);
    recent.set(key, { at, result });
  }

  /**
   * Matches of lines matched in the last minutes, when every part they name is still one the
   * actor may see; undefined for the rest.
   */
  async function recentMatches(actor: Actor, keys: readonly string[], now: number) {
    const found = keys.map((key) => {
      const hit = recent.get(key);
      return hit && now - hit.at < RECENT_MATCH_MS ? hit.result : undefined;
    });
    const ids = new Set(
      found.flatMap((result) => (result ? result.suggestions.map((s) => s.part_id) : [])),
    );
    const visible = await parts.visibleIds(actor, [...ids]);
    return found.map((result) =>
      result?.suggestions.every((s) => visible.has(s.part_id)) ? result : undefined,
    );
  }

  /** Catalogue parts for one line of words ("10k 0402", a part number), best stock first. */
  async function searchLine(actor: Actor, keyword: string, perPage: number) {
    const result = await parts.search(actor, {
      keyword,
      page: 1,
      perPage,
      isShowUnconfirmed: true,
      orderBy: { colID: 'qty', dir: 'desc' },
      hideZeroQty: false,
      facets: false,
    });
    return result.data;
  }

  /**
   * Each line's match, kept for a few minutes; with `reuseRecent`, those of the same lines
   * matched in the last minutes are taken as they were (saving the lines the user was shown).
   */
  async function matchRows(
    actor: Actor,
    rows: readonly MatchInput[],
    options: { reuseRecent?: boolean; memo?: MatchMemo } = {},
  ): Promise<MatchResult[]> {
    const now = clock.now().getTime();
    const keys = rows.map((row) => matchKey(actor, row));
    const results: (MatchResult | undefined)[] = options.reuseRecent
      ? await recentMatches(actor, keys, now)
      : rows.map(() => undefined);
    const missing = rows.flatMap((_, index) => (results[index] ? [] : [index]));
    const fresh = await matchAnew(
      actor,
      missing.map((index) => rows[index]!),
      options.memo ?? newMatchMemo(),
    );
    missing.forEach((index, i) => {
      results[index] = fresh[i]!;
      remember(keys[index]!, fresh[i]!, now);
    });
    return results as MatchResult[];
  }

  async function matchAnew(
    actor: Actor,
    rows: readonly MatchInput[],
    memo: MatchMemo,
  ): Promise<MatchResult[]> {
    if (rows.length === 0) return [];
    const results: MatchResult[] = rows.map(() => ({
      partId: null,
      basis: null,
      confidence: null,
      suggestions: [],
      reason: null,
    }));
    // 1. Part numbers.
    const keys = rows.map((row) => (row.partNumber ? partNumberKey(row.partNumber) : ''));
    const byKey = new Map<string, Awaited<ReturnType<PartsService['partsByNumberKeys']>>>();
    for (const part of await parts.partsByNumberKeys(actor, [
      ...new Set(keys.filter((k) => k.length >= 2)),
    ])) {
      byKey.set(part.key, [...(byKey.get(part.key) ?? []), part]);
    }
    rows.forEach((row, index) => {
      const candidates = byKey.get(keys[index]!) ?? [];
      if (candidates.length === 0) return;
      const written = row.manufacturer?.trim() ?? '';
      const sameMaker =
        written === ''
          ? candidates
          : candidates.filter((part) =>
              sameManufacturer(written, part.manufacturer, part.aliases ?? []),
            );
      const ranked = [...(sameMaker.length > 0 ? sameMaker : candidates)].sort(
        (a, b) => b.qty - a.qty,
      );
      const sure = sameMaker.length === 1 || (written === '' && candidates.length === 1);
      const confidence = sure ? 'high' : sameMaker.length > 1 ? 'medium' : 'low';
      const reason =
        sameMaker.length > 0 && written !== ''
          ? `part number ${row.partNumber} of ${written}`
          : written === ''
            ? `part number ${row.partNumber}`
            : `part number ${row.partNumber}, but of another manufacturer than ${written}`;
      results[index] = {
        partId: sure ? ranked[0]!.id : null,
        basis: 'partNumber',
        confidence,
        suggestions: ranked
          .slice(0, MAX_SUGGESTIONS)
          .map((part) => ({ part_id: part.id, basis: 'partNumber', confidence, reason })),
        reason,
      };
    });
    // 2. Supplier codes (LCSC numbers, also written as the part number).
    const codesOf = (row: MatchInput) =>
      [...row.supplierParts.map((s) => s.partNumber), row.partNumber ?? '']
        .map((code) => code.trim().toUpperCase())
        .filter((code) => LCSC_CODE.test(code));
    const sources = new Set<string>();
    rows.forEach((row, index) => {
      if (results[index]!.partId === null)
        for (const code of codesOf(row)) sources.add(`jlcparts:${code}`);
    });
    const bySource = new Map(
      (await parts.partsBySources(actor, [...sources])).map((p) => [p.source, p.id]),
    );
    rows.forEach((row, index) => {
      if (results[index]!.partId !== null) return;
      const code = codesOf(row).find((found) => bySource.has(`jlcparts:${found}`));
      if (code === undefined) return;
      const id = bySource.get(`jlcparts:${code}`)!;
      const reason = `supplier code ${code} (LCSC)`;
      results[index] = {
        partId: id,
        basis: 'supplierPart',
        confidence: 'high',
        suggestions: [{ part_id: id, basis: 'supplierPart', confidence: 'high', reason }],
        reason,
      };
    });
    // 3. Value and package, for passives nothing else matched. The package is the one the line
    // names (its footprint, or a package word in its value), through the packages' names and
    // aliases: a proposal is never of another package, value, rating or tolerance than the line
    // says, and a footprint that names no known package gets no proposal, with the reason.
    const pending = rows
      .map((row, index) => ({ row, index }))
      .filter(({ index }) => results[index]!.suggestions.length === 0)
      .flatMap(({ row, index }) => {
        if (!row.value) return [];
        const parsed = parseComponentValue(row.value, quantityHint(row.refDesign));
        if (!parsed) return [];
        const words = [
          ...(row.footprint ? footprintWords(row.footprint) : []),
          ...parsed.words.flatMap(footprintWords),
        ];
        return [{ row, index, parsed, words }];
      });
    if (pending.length > 0) {
      const named = await packages.packagesNamed([...new Set(pending.flatMap((p) => p.words))]);
      const packageIds = [...new Set([...named.values()].flat())];
      const names = await packages.packagesById(packageIds);
      const lines = new Map<string, { indexes: number[]; reason: string }>();
      for (const { row, index, parsed, words } of pending) {
        const word = words.find((w) => named.has(w));
        const pkg = word ? names.get(named.get(word)![0]!) : undefined;
        const value = formatValue(parsed.value);
        const wanted = [value, ...parsed.requirements].join(' ');
        if (!pkg && row.footprint) {
          results[index]!.reason =
            `no proposal: the footprint "${row.footprint}" names no package of the catalogue (a staff member can add it as an alias of its package)`;
          continue;
        }
        const keyword = `${parsed.keyword}${pkg ? ` ${pkg.pkgName}` : ''}`.toLowerCase();
        const alias =
          pkg && word !== pkg.pkgName.toLowerCase() && row.footprint
            ? ` (footprint "${row.footprint}" is an alias of ${pkg.pkgName})`
            : '';
        const reason = pkg
          ? `value ${wanted} + package ${pkg.pkgName}${alias}`
          : `value ${wanted}; the line names no package`;
        const line = lines.get(keyword) ?? { indexes: [], reason };
        line.indexes.push(index);
        lines.set(keyword, line);
        if (pkg) results[index]!.confidence = 'medium';
      }
      const found = await mapConcurrently(
        [...lines.keys()],
        VALUE_SEARCH_CONCURRENCY,
        (keyword) => {
          let search = memo.searches.get(keyword);
          if (!search) {
            search = searchLine(actor, keyword, MAX_SUGGESTIONS);
            memo.searches.set(keyword, search);
          }
          return search;
        },
      );
      [...lines.values()].forEach(({ indexes, reason }, i) => {
        const partsFound = found[i]!;
        for (const index of indexes) {
          if (partsFound.length === 0) {
            results[index] = {
              partId: null,
              basis: null,
              confidence: null,
              suggestions: [],
              reason: `no proposal: no part of the catalogue has ${reason.replace(/^value /, 'the value ')}`,
            };
            continue;
          }
          const confidence = results[index]!.confidence === 'medium' ? 'medium' : 'low';
          results[index] = {
            partId: null,
            basis: 'value',
            confidence,
            suggestions: partsFound.map((part) => ({
              part_id: part.id,
              basis: 'value',
              confidence,
              reason,
            })),
            reason,
          };
        }
      });
    }
    return results;
  }

  return { matchRows, searchLine };
}

export type BomMatcher = ReturnType<typeof createBomMatcher>;
