import type { BoardSettings } from './board-settings.ts';
import {
  type BoardSettingsOptions,
  type ColorOption,
  EDGE_RAILS,
  PANEL_CUTTINGS,
} from './board-settings-options.ts';
import type { PriceBook } from './price-book.ts';
import { LENGTH_UNITS } from './units.ts';

// How administrators edit the lists the board form offers: which lists there are, what each
// holds, and the rules of adding, renaming, reordering and deleting an option. The server applies
// a change with these rules and saves the list; the admin panel shows the same rules.

export type BoardOptionListName = keyof BoardSettingsOptions;

/**
 * text: free names; number: values with a unit and bounds; fixed: names the validation rules key
 * on (only a subset of `allowed`, never renamed); color: a name with its #rrggbb.
 */
export type BoardOptionKind = 'text' | 'number' | 'fixed' | 'color';

export type BoardOptionListSpec = {
  name: BoardOptionListName;
  /** What the admin panel and the messages call the list. */
  label: string;
  /** What one option is called in a message ("material FR4"). */
  item: string;
  kind: BoardOptionKind;
  /** The board settings field holding a choice of this list. */
  settingsField: keyof BoardSettings;
  unit: string | null;
  /** kind fixed: every name the list may offer. */
  allowed: readonly string[] | null;
  /** kind number: inclusive bounds, and whether only whole numbers are allowed. */
  min: number | null;
  max: number | null;
  integer: boolean;
};

const text = (
  name: BoardOptionListName,
  label: string,
  item: string,
  settingsField: keyof BoardSettings,
): BoardOptionListSpec => ({
  name,
  label,
  item,
  kind: 'text',
  settingsField,
  unit: null,
  allowed: null,
  min: null,
  max: null,
  integer: false,
});

/** Every list, in the order the Board tab shows its fields. */
export const BOARD_OPTION_LISTS: readonly BoardOptionListSpec[] = [
  text('materials', 'Base materials', 'Material', 'boardMaterial'),
  {
    ...text('numberLayers', 'Numbers of layers', 'Number of layers', 'numberLayers'),
    kind: 'number',
    min: 1,
    max: 64,
    integer: true,
  },
  {
    ...text('boardThicknessesMm', 'Board thicknesses', 'Thickness', 'boardThickness'),
    kind: 'number',
    unit: 'mm',
    min: 0.1,
    max: 10,
  },
  text('finishings', 'Finishings', 'Finishing', 'finishing'),
  { ...text('units', 'Units', 'Unit', 'unitsIn'), kind: 'fixed', allowed: LENGTH_UNITS },
  text('viaProcesses', 'Via processes', 'Via process', 'via_process'),
  {
    ...text('edgeRails', 'Edge rails', 'Edge rail', 'edge_rail'),
    kind: 'fixed',
    allowed: EDGE_RAILS,
  },
  {
    ...text('panelCuttings', 'Panel cuttings', 'Panel cutting', 'panel_cutting'),
    kind: 'fixed',
    allowed: PANEL_CUTTINGS,
  },
  { ...text('maskColors', 'Solder mask colours', 'Mask colour', 'maskColor'), kind: 'color' },
  { ...text('silkColors', 'Silkscreen colours', 'Silk colour', 'silkColor'), kind: 'color' },
  {
    ...text('outerCopperWeightsOz', 'Outer copper weights', 'Outer copper weight', 'outerCooper'),
    kind: 'number',
    unit: 'oz',
    min: 0.25,
    max: 20,
  },
  {
    ...text('innerCopperWeightsOz', 'Inner copper weights', 'Inner copper weight', 'innerCooper'),
    kind: 'number',
    unit: 'oz',
    min: 0.25,
    max: 20,
  },
];

export const BOARD_OPTION_LIST_NAMES = BOARD_OPTION_LISTS.map((list) => list.name) as [
  BoardOptionListName,
  ...BoardOptionListName[],
];

export function boardOptionList(name: BoardOptionListName): BoardOptionListSpec {
  return BOARD_OPTION_LISTS.find((list) => list.name === name)!;
}

/** One offered option as stored: a name, a number, or a named colour. */
export type BoardOptionValue = string | number | ColorOption;

/** What names an option: its text, its number, or its colour's name (what settings hold). */
export type BoardOptionKey = string | number;

export function optionKey(value: BoardOptionValue): BoardOptionKey {
  return typeof value === 'object' ? value.name : value;
}

/** The key as a user reads it ("1.6 mm", "FR4"). */
export function describeOption(spec: BoardOptionListSpec, key: BoardOptionKey): string {
  return spec.unit ? `${key} ${spec.unit}` : String(key);
}

/** Whether two keys name the same option (numbers with the tolerance of the rules). */
export function sameOption(a: BoardOptionKey, b: BoardOptionKey): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  return a === b;
}

export type BoardOptionChange =
  | { type: 'add'; value: BoardOptionKey; hex?: string | undefined }
  | { type: 'rename'; option: BoardOptionKey; value: BoardOptionKey; hex?: string | undefined }
  | { type: 'order'; options: readonly BoardOptionKey[] }
  | { type: 'delete'; option: BoardOptionKey };

/** The outcome of a change: the new list, field messages, or why the change cannot be made. */
export type BoardOptionChangeResult =
  | { type: 'changed'; values: BoardOptionValue[] }
  | { type: 'invalid'; fields: Record<string, string> }
  | { type: 'conflict'; message: string };

const HEX = /^#[0-9a-f]{6}$/i;

/** The value as the list holds it, or the message for the `value` field. */
function checkValue(
  spec: BoardOptionListSpec,
  value: BoardOptionKey,
): { key: BoardOptionKey } | { problem: string } {
  switch (spec.kind) {
    case 'number': {
      const range = `${spec.item} must be ${spec.integer ? 'a whole number' : 'a number'} from ${spec.min} to ${spec.max}${spec.unit ? ` ${spec.unit}` : ''}`;
      if (typeof value !== 'number' || !Number.isFinite(value)) return { problem: range };
      if (value < spec.min! || value > spec.max! || (spec.integer && !Number.isInteger(value))) {
        return { problem: range };
      }
      return { key: value };
    }
    case 'fixed':
      if (typeof value !== 'string' || !spec.allowed!.includes(value)) {
        return { problem: `${spec.item} must be one of ${spec.allowed!.join(', ')}` };
      }
      return { key: value };
    default:
      if (typeof value !== 'string') return { problem: `${spec.item} must be text` };
      if (value.trim() === '') return { problem: `${spec.item} is required` };
      if (value.length > 100) return { problem: `${spec.item} must be at most 100 characters` };
      return { key: value.trim() };
  }
}

function checkHex(spec: BoardOptionListSpec, hex: string | undefined): string | null {
  if (spec.kind !== 'color') return null;
  if (hex === undefined || !HEX.test(hex)) return 'Colour must be #rrggbb, e.g. #004200';
  return null;
}

function indexOf(values: readonly BoardOptionValue[], key: BoardOptionKey): number {
  return values.findIndex((value) => sameOption(optionKey(value), key));
}

/** Applies one change to a list as the rules allow; the list given is left as it was. */
export function applyBoardOptionChange(
  spec: BoardOptionListSpec,
  values: readonly BoardOptionValue[],
  change: BoardOptionChange,
): BoardOptionChangeResult {
  const notOffered = (key: BoardOptionKey): BoardOptionChangeResult => ({
    type: 'invalid',
    fields: { option: `${spec.label} do not include ${describeOption(spec, key)}` },
  });
  switch (change.type) {
    case 'add':
    case 'rename': {
      const at = change.type === 'rename' ? indexOf(values, change.option) : values.length;
      if (at < 0) return notOffered((change as { option: BoardOptionKey }).option);
      if (change.type === 'rename' && spec.kind === 'fixed') {
        return {
          type: 'conflict',
          message: `${spec.label} cannot be renamed: the board rules know them by name`,
        };
      }
      const fields: Record<string, string> = {};
      const checked = checkValue(spec, change.value);
      if ('problem' in checked) fields.value = checked.problem;
      const hexProblem = checkHex(spec, change.hex);
      if (hexProblem) fields.hex = hexProblem;
      if ('key' in checked) {
        const clash = indexOf(values, checked.key);
        if (clash >= 0 && clash !== at) {
          fields.value = `${spec.label} already include ${describeOption(spec, checked.key)}`;
        }
      }
      if (Object.keys(fields).length > 0 || !('key' in checked)) return { type: 'invalid', fields };
      const option: BoardOptionValue =
        spec.kind === 'color'
          ? { name: String(checked.key), hex: change.hex!.toLowerCase() }
          : checked.key;
      const next = [...values];
      next.splice(at, change.type === 'rename' ? 1 : 0, option);
      return { type: 'changed', values: next };
    }
    case 'order': {
      const same =
        change.options.length === values.length &&
        values.every((value) => change.options.some((key) => sameOption(optionKey(value), key))) &&
        change.options.every((key) => indexOf(values, key) >= 0);
      if (!same) {
        return {
          type: 'conflict',
          message: `${spec.label} changed since they were loaded: reload them and try again`,
        };
      }
      return {
        type: 'changed',
        values: change.options.map((key) => values[indexOf(values, key)]!),
      };
    }
    case 'delete': {
      const at = indexOf(values, change.option);
      if (at < 0) return notOffered(change.option);
      if (values.length === 1) {
        return { type: 'conflict', message: `${spec.label} need at least one option` };
      }
      return { type: 'changed', values: values.filter((_, index) => index !== at) };
    }
  }
}

/**
 * The price book's surcharges by option name, per list. `required`: a board choosing an option
 * the book does not list cannot be priced (otherwise the option is free).
 */
const PRICED_BY_NAME: Partial<
  Record<BoardOptionListName, { key: PricedListKey; required: boolean }>
> = {
  materials: { key: 'materials', required: true },
  finishings: { key: 'finishings', required: true },
  viaProcesses: { key: 'viaProcesses', required: false },
  panelCuttings: { key: 'panelCuttings', required: false },
  maskColors: { key: 'maskColors', required: false },
  silkColors: { key: 'silkColors', required: false },
};

type PricedListKey =
  | 'materials'
  | 'finishings'
  | 'viaProcesses'
  | 'panelCuttings'
  | 'maskColors'
  | 'silkColors';

/** Whether the book prices the option: null when the list needs no price for each option. */
export function isPricedOption(
  book: PriceBook,
  list: BoardOptionListName,
  key: BoardOptionKey,
): boolean | null {
  const priced = PRICED_BY_NAME[list];
  if (!priced?.required) return null;
  return Object.hasOwn(book[priced.key], String(key));
}

/**
 * The book with the surcharge of a renamed option under its new name (in the same place), or
 * null when the book has no surcharge under the old name.
 */
export function renameInPriceBook(
  book: PriceBook,
  list: BoardOptionListName,
  from: BoardOptionKey,
  to: BoardOptionKey,
): PriceBook | null {
  const priced = PRICED_BY_NAME[list];
  if (!priced || from === to || !Object.hasOwn(book[priced.key], String(from))) return null;
  const renamed = Object.fromEntries(
    Object.entries(book[priced.key]).map(([name, surcharge]) => [
      name === String(from) ? String(to) : name,
      surcharge,
    ]),
  );
  return { ...book, [priced.key]: renamed };
}
