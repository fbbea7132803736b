import { describe, expect, it } from 'vitest';
import {
  composeLayers,
  frameOf,
  placeLayer,
  type RenderedSvg,
  unionFrame,
} from './board-picture.ts';

const inchLayer: RenderedSvg = {
  svg: '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="1000 -3000 2000 1000" width="2in" height="1in" fill="currentColor" stroke="currentColor" stroke-width="0"><path d="M0 0"/></svg>',
  viewBox: [1000, -3000, 2000, 1000],
  width: 2,
  height: 1,
  units: 'in',
};

describe('frameOf and unionFrame', () => {
  it('measures a picture in millimetres whatever its unit', () => {
    expect(frameOf(inchLayer)).toEqual({ x: 25.4, y: -76.2, width: 50.8, height: 25.4 });
  });

  it('joins frames, leaving out empty ones', () => {
    expect(
      unionFrame([
        { x: 0, y: -10, width: 10, height: 10 },
        { x: 5, y: -20, width: 10, height: 5 },
        { x: 100, y: 100, width: 0, height: 0 },
      ]),
    ).toEqual({ x: 0, y: -20, width: 15, height: 20 });
    expect(unionFrame([])).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });
});

describe('placeLayer', () => {
  it('positions the layer in millimetres and paints it, keeping its own viewBox', () => {
    const placed = placeLayer(inchLayer, '#004200bf');
    expect(placed).toBe(
      '<svg version="1.1" viewBox="1000 -3000 2000 1000" fill="#004200bf" stroke="#004200bf" stroke-width="0" x="25.4" y="-76.2" width="50.8" height="25.4" color="#004200bf" overflow="visible"><path d="M0 0"/></svg>',
    );
  });

  it('reads attributes in single quotes, as the engine writes them', () => {
    const engineLayer = { ...inchLayer, svg: inchLayer.svg.replaceAll('"', "'") };
    expect(placeLayer(engineLayer, '#004200bf')).toBe(
      '<svg version=\'1.1\' viewBox=\'1000 -3000 2000 1000\' fill="#004200bf" stroke="#004200bf" stroke-width=\'0\' x="25.4" y="-76.2" width="50.8" height="25.4" color="#004200bf" overflow="visible"><path d=\'M0 0\'/></svg>',
    );
  });

  it('places nothing for text that is not an SVG', () => {
    expect(placeLayer({ ...inchLayer, svg: '<html></html>' }, '#fff')).toBe('');
  });
});

describe('composeLayers', () => {
  const frame = { x: 0, y: -10, width: 30, height: 10 };

  it('draws the layers in order over the background', () => {
    const svg = composeLayers(
      [
        { rendered: inchLayer, color: '#111111' },
        { rendered: inchLayer, color: '#222222' },
      ],
      frame,
      { mirrored: false, background: '#666666' },
    );
    expect(svg).toContain('viewBox="0 -10 30 10"');
    expect(svg).toContain('<rect x="0" y="-10" width="30" height="10" fill="#666666"/><g>');
    expect(svg.indexOf('#111111')).toBeLessThan(svg.indexOf('#222222'));
  });

  it('mirrors the bottom around the middle of the frame', () => {
    const svg = composeLayers([], frame, { mirrored: true, background: '#666666' });
    expect(svg).toContain('<g transform="translate(30 0) scale(-1 1)">');
  });
});
