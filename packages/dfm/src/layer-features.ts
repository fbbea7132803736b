// A plotted layer image (packages/gerber's public output) as features in mm. Only dark runs
// count: shapes a clear run would cut are measured whole (see docs/dfm.md, "Limits").

import type {
  Graphic,
  LayerImage,
  Segment,
  Shape,
  ShapePrimitive,
  StrokeGraphic,
} from '@circuits/gerber';
import { type Feature, type FeatureKind, featureOf } from './geometry/feature.ts';
import { appendSegment, contourPoints } from './geometry/flatten.ts';

const MM_PER_INCH = 25.4;

/** What a layer is, for naming the features read from it. */
export type LayerRole = 'copper' | 'drill' | 'outline';

export interface LayerFeatures {
  features: Feature[];
  /** Copper only: the shapes drawn in clear polarity, each cutting the runs drawn before it. */
  clear: Feature[];
  /** The layer draws with clear polarity, which is not read for it (not copper). */
  clearIgnored: boolean;
  /** Reading stopped at the feature limit. */
  cut: boolean;
}

interface Reader {
  role: LayerRole;
  scale: number;
  features: Feature[];
  limit: number;
  /** Features read so far, of every run. */
  count: number;
  cut: boolean;
  /** Shapes already turned into features around (0, 0), by shape. */
  shapes: Map<Shape, Feature[]>;
}

function primitiveFeature(
  primitive: ShapePrimitive,
  kind: FeatureKind,
  scale: number,
): Feature | null {
  switch (primitive.type) {
    case 'circle':
      return featureOf(
        kind,
        [primitive.cx * scale, primitive.cy * scale],
        false,
        primitive.r * scale,
      );
    case 'rect': {
      const r = Math.min(primitive.cornerRadius, primitive.width / 2, primitive.height / 2);
      const halfW = primitive.width / 2 - r;
      const halfH = primitive.height / 2 - r;
      const { cx, cy } = primitive;
      const points = [
        cx - halfW,
        cy - halfH,
        cx + halfW,
        cy - halfH,
        cx + halfW,
        cy + halfH,
        cx - halfW,
        cy + halfH,
      ].map((value) => value * scale);
      return featureOf(kind, points, true, r * scale);
    }
    case 'polygon':
      return featureOf(
        kind,
        primitive.points.map((value) => value * scale),
        true,
        0,
      );
    case 'contour': {
      const points = contourPoints(primitive.segments, scale, 0, 0);
      return points.length >= 6 ? featureOf(kind, points, true, 0) : null;
    }
  }
}

/** The features of a shape around its flash point; erased parts (aperture holes) are left out. */
function shapeFeatures(reader: Reader, shape: Shape): Feature[] {
  let features = reader.shapes.get(shape);
  if (features) return features;
  features = [];
  const kind: FeatureKind = reader.role === 'drill' ? 'hole' : 'pad';
  for (const primitive of shape.primitives) {
    if (primitive.erase) continue;
    const feature = primitiveFeature(primitive, kind, reader.scale);
    if (feature) features.push(feature);
  }
  reader.shapes.set(shape, features);
  return features;
}

function moved(feature: Feature, dx: number, dy: number): Feature {
  const points = feature.points.slice();
  for (let i = 0; i < points.length; i += 2) {
    points[i] = (points[i] as number) + dx;
    points[i + 1] = (points[i + 1] as number) + dy;
  }
  const { box } = feature;
  return {
    ...feature,
    points,
    box: { minX: box.minX + dx, minY: box.minY + dy, maxX: box.maxX + dx, maxY: box.maxY + dy },
  };
}

function add(reader: Reader, feature: Feature): void {
  if (reader.count >= reader.limit) {
    reader.cut = true;
    return;
  }
  reader.count++;
  reader.features.push(feature);
}

function strokeKind(role: LayerRole): FeatureKind {
  return role === 'drill' ? 'slot' : role === 'outline' ? 'edge' : 'track';
}

function readStroke(reader: Reader, graphic: StrokeGraphic, dx: number, dy: number): void {
  const { scale } = reader;
  const width = graphic.width * scale;
  // An outline is its centre line; copper and slots of no width draw nothing.
  if (reader.role !== 'outline' && !(width > 0)) return;
  const kind = strokeKind(reader.role);
  const extra = reader.role === 'outline' ? {} : { width, plated: graphic.plated };
  for (const segment of graphic.segments as Segment[]) {
    const points = [(segment.x1 + dx) * scale, (segment.y1 + dy) * scale];
    appendSegment(points, segment, scale, dx, dy);
    const r = reader.role === 'outline' ? 0 : width / 2;
    add(reader, featureOf(kind, points, false, r, extra));
  }
}

function readGraphics(reader: Reader, graphics: readonly Graphic[], dx: number, dy: number): void {
  const { scale } = reader;
  for (const graphic of graphics) {
    if (reader.cut) return;
    switch (graphic.type) {
      case 'flash': {
        const shapes = shapeFeatures(reader, graphic.shape);
        const { positions } = graphic;
        for (let i = 0; i < positions.length; i += 2) {
          const x = ((positions[i] as number) + dx) * scale;
          const y = ((positions[i + 1] as number) + dy) * scale;
          for (const shape of shapes) {
            const feature = moved(shape, x, y);
            if (graphic.plated !== undefined) feature.plated = graphic.plated;
            if (reader.role === 'drill') feature.width = shape.r * 2;
            add(reader, feature);
          }
        }
        break;
      }
      case 'stroke':
        readStroke(reader, graphic, dx, dy);
        break;
      case 'region':
        if (reader.role === 'outline') {
          for (const contour of graphic.contours) {
            const points = contourPoints(contour, scale, dx, dy);
            if (points.length >= 4)
              add(
                reader,
                featureOf('edge', [...points, points[0] as number, points[1] as number], false, 0),
              );
          }
          break;
        }
        for (const contour of graphic.contours) {
          const points = contourPoints(contour, scale, dx, dy);
          if (points.length >= 6) add(reader, featureOf('region', points, true, 0));
        }
        break;
      case 'repeat': {
        const { offsets } = graphic;
        for (let i = 0; i < offsets.length; i += 2) {
          readGraphics(
            reader,
            graphic.graphics,
            dx + (offsets[i] as number),
            dy + (offsets[i + 1] as number),
          );
        }
        break;
      }
    }
  }
}

/** The features of a plotted layer, in mm, at most `limit` of them. */
export function layerFeatures(image: LayerImage, role: LayerRole, limit: number): LayerFeatures {
  const reader: Reader = {
    role,
    scale: image.units === 'in' ? MM_PER_INCH : 1,
    features: [],
    limit,
    count: 0,
    cut: false,
    shapes: new Map(),
  };
  let clearIgnored = false;
  const dark: Feature[] = [];
  const clear: Feature[] = [];
  image.runs.forEach((run, index) => {
    if (run.polarity === 'clear' && role !== 'copper') {
      if (run.graphics.length > 0) clearIgnored = true;
      return;
    }
    const from = reader.features.length;
    readGraphics(reader, run.graphics, 0, 0);
    const read = reader.features.splice(from);
    for (const feature of read) feature.run = index;
    (run.polarity === 'clear' ? clear : dark).push(...read);
  });
  return { features: dark, clear, clearIgnored, cut: reader.cut || image.cut === true };
}
