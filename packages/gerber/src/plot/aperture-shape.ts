// Standard apertures (C, R, O, P) as shapes. Sizes are multiplied by `scale` to convert the
// units the aperture was defined in to the image units.

import type { ApertureHole, ApertureTemplate } from '../gerber/syntax.ts';
import { counterClockwisePolygon } from '../image/geometry.ts';
import { makeShape } from '../image/transform.ts';
import type { Shape, ShapePrimitive } from '../image/types.ts';

export type StandardTemplate = Exclude<ApertureTemplate, { type: 'macro' }>;

function holePrimitive(hole: ApertureHole, scale: number): ShapePrimitive | null {
  if (hole.type === 'circle') {
    return hole.diameter > 0
      ? { type: 'circle', erase: true, cx: 0, cy: 0, r: (hole.diameter * scale) / 2 }
      : null;
  }
  return hole.width > 0 && hole.height > 0
    ? {
        type: 'rect',
        erase: true,
        cx: 0,
        cy: 0,
        width: hole.width * scale,
        height: hole.height * scale,
        cornerRadius: 0,
      }
    : null;
}

/** Vertices of a regular polygon: the first at `degrees` from the X axis. */
export function regularPolygon(
  cx: number,
  cy: number,
  diameter: number,
  vertices: number,
  degrees: number,
): number[] {
  const points: number[] = [];
  const r = diameter / 2;
  for (let k = 0; k < vertices; k++) {
    const angle = ((degrees + (360 * k) / vertices) * Math.PI) / 180;
    points.push(cx + r * Math.cos(angle), cy + r * Math.sin(angle));
  }
  return counterClockwisePolygon(points);
}

export function standardApertureShape(template: StandardTemplate, scale: number): Shape {
  const primitives: ShapePrimitive[] = [];
  switch (template.type) {
    case 'circle':
      if (template.diameter > 0) {
        primitives.push({
          type: 'circle',
          erase: false,
          cx: 0,
          cy: 0,
          r: (template.diameter * scale) / 2,
        });
      }
      break;
    case 'rectangle':
    case 'obround': {
      const width = template.width * scale;
      const height = template.height * scale;
      if (width > 0 && height > 0) {
        primitives.push({
          type: 'rect',
          erase: false,
          cx: 0,
          cy: 0,
          width,
          height,
          cornerRadius: template.type === 'obround' ? Math.min(width, height) / 2 : 0,
        });
      }
      break;
    }
    case 'polygon':
      if (template.diameter > 0) {
        primitives.push({
          type: 'polygon',
          erase: false,
          points: regularPolygon(
            0,
            0,
            template.diameter * scale,
            template.vertices,
            template.rotation,
          ),
        });
      }
      break;
  }
  if (primitives.length > 0 && template.hole) {
    const hole = holePrimitive(template.hole, scale);
    if (hole) primitives.push(hole);
  }
  return makeShape(primitives);
}

/**
 * A standard aperture (C, R, O, P) whose shapes are made when it is first flashed or swept: CAD
 * tools define apertures a layer never uses (OrCAD writes the same two dozen into every file).
 * Circles draw round lines, and their hole only shows in flashes; the other standard apertures
 * draw lines by sweeping their outline without the hole (`solid`), which only rectangles may do
 * in the current specification.
 */
export class StandardAperture {
  readonly type: 'circle' | 'standard';
  readonly code: number;
  /** The diameter of a circle in image units; 0 for the other templates. */
  readonly diameter: number;
  readonly rectangle: boolean;
  private readonly template: StandardTemplate;
  /** Image units per unit of the definition. */
  private readonly scale: number;
  private flashShape: Shape | null = null;
  private solidShape: Shape | null = null;

  constructor(code: number, template: StandardTemplate, scale: number) {
    this.type = template.type === 'circle' ? 'circle' : 'standard';
    this.code = code;
    this.diameter = template.type === 'circle' ? template.diameter * scale : 0;
    this.rectangle = template.type === 'rectangle';
    this.template = template;
    this.scale = scale;
  }

  /** The flashed shape, hole included. */
  get shape(): Shape {
    this.flashShape ??= standardApertureShape(this.template, this.scale);
    return this.flashShape;
  }

  /** The outline without its hole: what a line drawn with the aperture sweeps. */
  get solid(): Shape {
    this.solidShape ??= this.template.hole
      ? standardApertureShape({ ...this.template, hole: null }, this.scale)
      : this.shape;
    return this.solidShape;
  }
}
