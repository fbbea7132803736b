import { describe, expect, it } from 'vitest';
import { decodeQuote, encodeQuote, quoteUrl } from './share-link.ts';

const settings = {
  boardThickness: 1.6,
  finishing: 'ENIG',
  unitsIn: 'mm',
  boardMaterial: 'FR4',
  customerWillSupplyBareBoard: false,
  panelization: false,
  panelization_x: null,
  panelization_y: null,
  via_process: 'Tenting vias',
  edge_rail: 'None',
  edge_rail_width: 5,
  rout_width_horizontal: null,
  rout_width_vertical: null,
  panel_cutting: 'V-Scoring',
  x_out_panel: false,
  numberLayers: 4,
  boardWidth: 75.5,
  boardLength: 60,
  useOutlineLayerMask: false,
  maskColor: 'Green',
  silkColor: 'White',
  outerCooper: 1,
  innerCooper: 0.5,
  min_hole_size: 0.3,
};

describe('quote links', () => {
  it('carry the options, quantity and measured facts there and back', () => {
    const request = {
      settings,
      facts: { widthMm: 75.5, lengthMm: 60, copperLayers: 4 },
      quantity: 10,
    };
    const link = quoteUrl('https://circuits.example', request);
    expect(link).toMatch(/^https:\/\/circuits\.example\/instantQuote\?quote=[\w-]+$/);
    expect(decodeQuote(encodeQuote(request))).toEqual(request);
  });

  it('give nothing for a missing, damaged or out-of-bounds value', () => {
    expect(decodeQuote(null)).toBeNull();
    expect(decodeQuote('not-base64-json')).toBeNull();
    expect(decodeQuote(encodeQuote({ settings, facts: null, quantity: 0 }))).toBeNull();
    expect(decodeQuote('a'.repeat(9000))).toBeNull();
  });
});
