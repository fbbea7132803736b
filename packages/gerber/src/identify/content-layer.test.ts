import { describe, expect, it } from 'vitest';
import {
  allegroFilmLayer,
  cadFromGenerationSoftware,
  diptraceLayer,
  fileFunctionLayer,
  gedaLayer,
} from './content-layer.ts';

const identity = (layer: ReturnType<typeof fileFunctionLayer>) => {
  if (layer === null) return null;
  const { reason: _reason, ...rest } = layer;
  return rest;
};

describe('fileFunctionLayer (X2 .FileFunction)', () => {
  it.each([
    ['Copper,L1,Top', { type: 'copper', side: 'top', layerNumber: 1 }],
    ['Copper,L2,Inr,Plane', { type: 'copper', side: 'inner', layerNumber: 2 }],
    ['Copper,L6,Bot,Signal', { type: 'copper', side: 'bottom', layerNumber: 6 }],
    ['Soldermask,Top', { type: 'soldermask', side: 'top' }],
    ['Soldermask,Bot,1', { type: 'soldermask', side: 'bottom' }],
    ['Legend,Top', { type: 'silkscreen', side: 'top' }],
    ['Legend,Bot,1', { type: 'silkscreen', side: 'bottom' }],
    ['Paste,Top', { type: 'solderpaste', side: 'top' }],
    ['Paste,Bot', { type: 'solderpaste', side: 'bottom' }],
    ['Profile,NP', { type: 'outline', side: 'all' }],
    ['Plated,1,4,PTH', { type: 'drill', side: 'all', plating: 'plated' }],
    ['Plated,1,2,Blind,Drill', { type: 'drill', side: 'all', plating: 'plated' }],
    ['NonPlated,1,4,NPTH,Rout', { type: 'drill', side: 'all', plating: 'non-plated', rout: true }],
    ['MixedPlating,1,4', { type: 'drill', side: 'all', plating: 'mixed' }],
    ['Drillmap', { type: 'drawing', side: null }],
    ['AssemblyDrawing,Top', { type: 'drawing', side: null }],
    ['FabricationDrawing', { type: 'drawing', side: null }],
    ['JobInfo', { type: null, side: null, auxiliary: 'job' }],
  ])('%s', (value, expected) => {
    expect(identity(fileFunctionLayer(value))).toEqual(expected);
  });

  it('gives no layer for a function it does not know', () => {
    expect(fileFunctionLayer('Hologram,Top')).toBeNull();
  });

  it('says where the identity came from', () => {
    expect(fileFunctionLayer('Copper,L2,Inr')?.reason).toBe('X2 FileFunction Copper,L2,Inr');
  });
});

describe('cadFromGenerationSoftware', () => {
  it.each([
    ['KiCad,Pcbnew,7.0.9', 'kicad'],
    ['Autodesk,EAGLE,9.0.0', 'eagle'],
    ['Altium Limited,Altium Designer,21.0', 'altium'],
    ['Novarm,DipTrace,4.3', 'diptrace'],
    ['Cadence Design Systems,Allegro,17.4', 'allegro'],
    ['Ucamco,UcamX,2020', null],
  ])('%s -> %s', (value, cad) => {
    expect(cadFromGenerationSoftware(value)).toBe(cad);
  });
});

describe('allegroFilmLayer', () => {
  const decoration = ['BOARD GEOMETRY/TOOLING_CORNERS', 'DRAWING FORMAT/TITLE_BLOCK'];

  it.each([
    [['ETCH/TOP', 'PIN/TOP', 'BOARD GEOMETRY/OUTLINE'], 'copper', 'top'],
    [['VIA CLASS/GND2', 'ETCH/GND2'], 'copper', 'inner'],
    [['ETCH/BOTTOM'], 'copper', 'bottom'],
    [['PIN/SOLDERMASK_TOP', 'BOARD GEOMETRY/OUTLINE'], 'soldermask', 'top'],
    [
      ['PACKAGE GEOMETRY/PASTEMASK_BOTTOM', 'USER PART NUMBER/DISPLAY_BOTTOM'],
      'solderpaste',
      'bottom',
    ],
    [['REF DES/SILKSCREEN_TOP', 'BOARD GEOMETRY/OUTLINE'], 'silkscreen', 'top'],
    [['REF DES/ASSEMBLY_TOP', 'BOARD GEOMETRY/OUTLINE'], 'drawing', null],
    [['MANUFACTURING/NCDRILL_FIGURE'], 'drawing', null],
    [['BOARD GEOMETRY/DESIGN_OUTLINE'], 'outline', 'all'],
  ])('%j is %s/%s', (records, type, side) => {
    expect(allegroFilmLayer([...decoration, ...records])).toMatchObject({ type, side });
  });

  it('gives no layer for a film of decoration only', () => {
    expect(allegroFilmLayer(decoration)).toBeNull();
  });
});

describe('gEDA and DipTrace layer names', () => {
  it('maps gEDA %LN names and treats other non-negative groups as inner copper', () => {
    expect(gedaLayer('TOPSILK', -4079)).toMatchObject({ type: 'silkscreen', side: 'top' });
    expect(gedaLayer('FAB', -3984)).toMatchObject({ type: 'drawing', side: null });
    expect(gedaLayer('GROUP3', 3)).toMatchObject({ type: 'copper', side: 'inner' });
    expect(gedaLayer('GND', 2)).toMatchObject({ type: 'copper', side: 'inner' });
    expect(gedaLayer('NOTES', -10)).toBeNull();
  });

  it('maps DipTrace %LN names', () => {
    expect(diptraceLayer('BotMask')).toMatchObject({ type: 'soldermask', side: 'bottom' });
    expect(diptraceLayer('BoardOutline')).toMatchObject({ type: 'outline', side: 'all' });
    expect(diptraceLayer('Top')).toMatchObject({ type: 'copper', side: 'top' });
    expect(diptraceLayer('Dimensions')).toBeNull();
    expect(diptraceLayer(undefined)).toBeNull();
  });
});
