import { describe, expect, it } from 'vitest';
import {
  applyBoardOptionChange,
  BOARD_OPTION_LISTS,
  boardOptionList,
  isPricedOption,
  renameInPriceBook,
} from './board-option-lists.ts';
import { DEFAULT_BOARD_SETTINGS_OPTIONS } from './board-settings-options.ts';
import { DEFAULT_PRICE_BOOK } from './price-book.ts';

const materials = boardOptionList('materials');
const thicknesses = boardOptionList('boardThicknessesMm');
const layers = boardOptionList('numberLayers');
const rails = boardOptionList('edgeRails');
const masks = boardOptionList('maskColors');

describe('board option lists', () => {
  it('name every list the board form offers, once', () => {
    expect(BOARD_OPTION_LISTS.map((list) => list.name).sort()).toEqual(
      Object.keys(DEFAULT_BOARD_SETTINGS_OPTIONS).sort(),
    );
  });

  it('adds a trimmed name at the end and refuses one already offered', () => {
    expect(
      applyBoardOptionChange(materials, ['FR4', 'Rogers'], { type: 'add', value: ' CEM-3 ' }),
    ).toEqual({ type: 'changed', values: ['FR4', 'Rogers', 'CEM-3'] });
    expect(applyBoardOptionChange(materials, ['FR4'], { type: 'add', value: 'FR4' })).toEqual({
      type: 'invalid',
      fields: { value: 'Base materials already include FR4' },
    });
    expect(applyBoardOptionChange(materials, ['FR4'], { type: 'add', value: '  ' })).toEqual({
      type: 'invalid',
      fields: { value: 'Material is required' },
    });
  });

  it('keeps numbers within their bounds, whole where they must be', () => {
    expect(applyBoardOptionChange(thicknesses, [1.6], { type: 'add', value: 0.05 })).toEqual({
      type: 'invalid',
      fields: { value: 'Thickness must be a number from 0.1 to 10 mm' },
    });
    expect(applyBoardOptionChange(layers, [2], { type: 'add', value: 3.5 })).toEqual({
      type: 'invalid',
      fields: { value: 'Number of layers must be a whole number from 1 to 64' },
    });
    expect(applyBoardOptionChange(thicknesses, [1.6], { type: 'add', value: '2' })).toMatchObject({
      type: 'invalid',
    });
    expect(
      applyBoardOptionChange(thicknesses, [1.6], { type: 'add', value: 1.6000000000000001 }),
    ).toMatchObject({
      type: 'invalid',
      fields: { value: 'Board thicknesses already include 1.6 mm' },
    });
  });

  it('offers only the fixed names of rule-bound lists, and never renames them', () => {
    expect(applyBoardOptionChange(rails, ['None'], { type: 'add', value: 'Diagonal' })).toEqual({
      type: 'invalid',
      fields: {
        value: 'Edge rail must be one of None, Round, Top and Bottom Side, Left and Right Side',
      },
    });
    expect(applyBoardOptionChange(rails, ['None'], { type: 'add', value: 'Round' })).toEqual({
      type: 'changed',
      values: ['None', 'Round'],
    });
    expect(
      applyBoardOptionChange(rails, ['None', 'Round'], {
        type: 'rename',
        option: 'Round',
        value: 'Top and Bottom Side',
      }),
    ).toEqual({
      type: 'conflict',
      message: 'Edge rails cannot be renamed: the board rules know them by name',
    });
  });

  it('renames in place, colours with their hex', () => {
    const colours = [
      { name: 'Green', hex: '#004200' },
      { name: 'Red', hex: '#b3121b' },
    ];
    expect(
      applyBoardOptionChange(masks, colours, {
        type: 'rename',
        option: 'Green',
        value: 'Forest green',
        hex: '#0B5D1E',
      }),
    ).toEqual({
      type: 'changed',
      values: [{ name: 'Forest green', hex: '#0b5d1e' }, colours[1]],
    });
    expect(
      applyBoardOptionChange(masks, colours, {
        type: 'rename',
        option: 'Red',
        value: 'Red',
        hex: 'red',
      }),
    ).toEqual({ type: 'invalid', fields: { hex: 'Colour must be #rrggbb, e.g. #004200' } });
    expect(
      applyBoardOptionChange(materials, ['FR4'], { type: 'rename', option: 'FR5', value: 'X' }),
    ).toEqual({ type: 'invalid', fields: { option: 'Base materials do not include FR5' } });
  });

  it('reorders only the same options, and keeps at least one', () => {
    expect(
      applyBoardOptionChange(thicknesses, [0.8, 1.6, 2], { type: 'order', options: [1.6, 0.8, 2] }),
    ).toEqual({ type: 'changed', values: [1.6, 0.8, 2] });
    expect(
      applyBoardOptionChange(thicknesses, [0.8, 1.6], { type: 'order', options: [1.6, 0.8, 2] }),
    ).toMatchObject({ type: 'conflict' });
    expect(
      applyBoardOptionChange(thicknesses, [0.8, 1.6], { type: 'order', options: [1.6, 1.6] }),
    ).toMatchObject({ type: 'conflict' });
    expect(
      applyBoardOptionChange(materials, ['FR4', 'Rogers'], { type: 'delete', option: 'FR4' }),
    ).toEqual({
      type: 'changed',
      values: ['Rogers'],
    });
    expect(applyBoardOptionChange(materials, ['FR4'], { type: 'delete', option: 'FR4' })).toEqual({
      type: 'conflict',
      message: 'Base materials need at least one option',
    });
  });
});

describe('board options in the price book', () => {
  it('knows the lists whose every option needs a price', () => {
    expect(isPricedOption(DEFAULT_PRICE_BOOK, 'materials', 'Rogers')).toBe(true);
    expect(isPricedOption(DEFAULT_PRICE_BOOK, 'finishings', 'Gold flash')).toBe(false);
    expect(isPricedOption(DEFAULT_PRICE_BOOK, 'maskColors', 'Green')).toBeNull();
  });

  it('carries a renamed option surcharge over, in its place', () => {
    const renamed = renameInPriceBook(DEFAULT_PRICE_BOOK, 'materials', 'Rogers', 'Rogers 4350B')!;
    expect(Object.keys(renamed.materials)).toEqual([
      'FR4',
      'FR4 Mid Tg',
      'FR4 High Tg',
      'Aluminum',
      'Rogers 4350B',
      'Polyimide',
    ]);
    expect(renamed.materials['Rogers 4350B']).toEqual(DEFAULT_PRICE_BOOK.materials.Rogers);
    expect(renameInPriceBook(DEFAULT_PRICE_BOOK, 'maskColors', 'Green', 'Forest')).toBeNull();
    expect(renameInPriceBook(DEFAULT_PRICE_BOOK, 'numberLayers', 2, 3)).toBeNull();
  });
});
