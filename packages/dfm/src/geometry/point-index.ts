// Features by the cells their bounds cover, to ask which features may hold a point.

import type { Feature } from './feature.ts';

const MAX_CELLS = 1_000_000;

export class PointIndex {
  private readonly cells = new Map<number, number[]>();
  private readonly cell: number;
  private readonly originX: number;
  private readonly originY: number;
  private readonly columns: number;
  private readonly features: readonly Feature[];

  constructor(features: readonly Feature[], cell = 1) {
    this.features = features;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const { box } of features) {
      minX = Math.min(minX, box.minX);
      minY = Math.min(minY, box.minY);
      maxX = Math.max(maxX, box.maxX);
      maxY = Math.max(maxY, box.maxY);
    }
    if (features.length === 0) minX = minY = maxX = maxY = 0;
    while (((maxX - minX) / cell + 1) * ((maxY - minY) / cell + 1) > MAX_CELLS) cell *= 2;
    this.cell = cell;
    this.originX = minX;
    this.originY = minY;
    this.columns = Math.floor((maxX - minX) / cell) + 1;
    features.forEach((feature, index) => {
      const { box } = feature;
      for (let r = this.row(box.minY); r <= this.row(box.maxY); r++) {
        for (let c = this.column(box.minX); c <= this.column(box.maxX); c++) {
          const key = r * this.columns + c;
          const list = this.cells.get(key);
          if (list) list.push(index);
          else this.cells.set(key, [index]);
        }
      }
    });
  }

  private column(x: number): number {
    return Math.floor((x - this.originX) / this.cell);
  }

  private row(y: number): number {
    return Math.floor((y - this.originY) / this.cell);
  }

  /** Whether a feature whose bounds hold (x, y) passes `test` (nothing allocated: a hot path). */
  some(x: number, y: number, test: (index: number) => boolean): boolean {
    const c = this.column(x);
    if (c < 0 || c >= this.columns) return false;
    const list = this.cells.get(this.row(y) * this.columns + c);
    if (!list) return false;
    for (const index of list) {
      const { box } = this.features[index] as Feature;
      if (x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY && test(index))
        return true;
    }
    return false;
  }

  /** Indices of the features whose bounds hold (x, y). */
  at(x: number, y: number): number[] {
    const c = this.column(x);
    if (c < 0 || c >= this.columns) return [];
    const list = this.cells.get(this.row(y) * this.columns + c);
    if (!list) return [];
    return list.filter((index) => {
      const { box } = this.features[index] as Feature;
      return x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY;
    });
  }
}
