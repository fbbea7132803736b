// SVG path data from image geometry. Coordinates are rounded to integer "ticks" (a tenth of a
// viewBox unit, i.e. 1/10000 of the file unit) and written relative to the previous point, so
// rounding never drifts and numbers stay short. SVG's y axis points down: y is negated.

import type { Contour, Segment, ShapePrimitive } from '../image/types.ts';

/** Ticks per file unit: the viewBox unit is 1/1000 of the file unit, a tick 1/10 of that. */
export const TICKS_PER_UNIT = 10_000;

export function toTicks(value: number): number {
  return Math.round(value * TICKS_PER_UNIT);
}

/** Writes ticks as viewBox units with at most one decimal (".5" for 0.5). */
export function formatTicks(ticks: number): string {
  const whole = (ticks / 10) | 0;
  const tenth = ticks - whole * 10;
  if (tenth === 0) return `${whole}`;
  if (tenth > 0) return whole === 0 ? `.${tenth}` : `${whole}.${tenth}`;
  return whole === 0 ? `-.${-tenth}` : `${whole}.${-tenth}`;
}

/** Writes a length in file units as viewBox units. */
export function formatLength(value: number): string {
  return formatTicks(toTicks(value));
}

const C_SPACE = 32;
const C_MINUS = 45;
const C_DOT = 46;
const C_0 = 48;
const C_A = 97;
const C_H = 104;
const C_L = 108;
const C_M = 109;
const C_V = 118;
const C_Z = 122;
/** More than one command of path data can take: a command letter and four numbers. */
const COMMAND_ROOM = 96;

// TextDecoder is in every runtime the engine runs in (browsers, workers, Node), but in none of
// the type libraries the package is checked against.
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };
const decoder = new TextDecoder();

/**
 * Buffers of finished writers, taken by new ones. Most writers are short-lived (one per flash
 * shape and per stroke width), and a fresh ArrayBuffer for each cost more than writing them.
 */
const spareBuffers: Uint8Array[] = [];
const SPARE_BUFFERS = 16;
/** Larger buffers (the fill of a big layer) are left to the collector. */
const SPARE_BUFFER_BYTES = 1 << 20;
const NO_BYTES = new Uint8Array(0);

/**
 * Accumulates path data. Positions are in ticks with y already pointing down; `x`/`y` is the
 * current point as SVG sees it. The text is written as ASCII bytes into a growing buffer and
 * decoded once: building it from many small strings cost most of the time of rendering.
 */
export class PathWriter {
  x = 0;
  y = 0;
  /** Start of the current subpath: where the current point returns after 'z'. */
  private startX = 0;
  private startY = 0;
  /** The first move of the path: its target and the length of its text. */
  first: { x: number; y: number; length: number } | null = null;
  private buffer = spareBuffers.pop() ?? new Uint8Array(256);
  /** Bytes written. */
  length = 0;
  private text: string | null = '';

  /** The path data written so far. */
  get d(): string {
    const text = this.text ?? decoder.decode(this.buffer.subarray(0, this.length));
    this.text = text;
    return text;
  }

  /** The path data, giving the buffer to the next writer: write nothing after this. */
  finish(): string {
    const text = this.d;
    this.release();
    return text;
  }

  /**
   * A copy of the bytes from `start` on, giving the buffer to the next writer: write nothing
   * after this.
   */
  finishBytes(start: number): Uint8Array {
    const bytes = this.buffer.slice(start, this.length);
    this.release();
    return bytes;
  }

  private release(): void {
    const { buffer } = this;
    if (buffer.length === 0) return;
    if (spareBuffers.length < SPARE_BUFFERS && buffer.length <= SPARE_BUFFER_BYTES) {
      spareBuffers.push(buffer);
    }
    this.buffer = NO_BYTES;
  }

  /** Makes room for `count` more bytes. */
  private room(count: number): void {
    this.text = null;
    if (this.length + count <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + count));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  private byte(code: number): void {
    this.buffer[this.length++] = code;
  }

  /** Writes ticks as formatTicks does. */
  private ticks(ticks: number): void {
    if ((ticks | 0) !== ticks) {
      // Not an integer of 32 bits: never inside the coordinate limits.
      const text = formatTicks(ticks);
      this.room(text.length + COMMAND_ROOM);
      for (let index = 0; index < text.length; index++) this.byte(text.charCodeAt(index));
      return;
    }
    const buffer = this.buffer;
    let at = this.length;
    // An int32 from here on (-0 becomes 0, written the same), whatever number type came in.
    let value = ticks | 0;
    if (value < 0) {
      buffer[at++] = C_MINUS;
      value = -value;
    }
    let whole = (value / 10) | 0;
    const tenth = value - whole * 10;
    if (whole > 0) {
      let digits = 1;
      for (let rest = whole; rest >= 10; rest = (rest / 10) | 0) digits++;
      let digit = at + digits;
      at = digit;
      while (whole > 0) {
        const next = (whole / 10) | 0;
        buffer[--digit] = C_0 + whole - next * 10;
        whole = next;
      }
    } else if (tenth === 0) {
      buffer[at++] = C_0;
    }
    if (tenth !== 0) {
      buffer[at++] = C_DOT;
      buffer[at++] = C_0 + tenth;
    }
    this.length = at;
  }

  /** A command letter with two numbers: `m1 2`. */
  private command(letter: number, a: number, b: number): void {
    this.room(COMMAND_ROOM);
    this.byte(letter);
    this.ticks(a);
    this.byte(C_SPACE);
    this.ticks(b);
  }

  moveTo(x: number, y: number): void {
    this.command(C_M, x - this.x, y - this.y);
    if (!this.first) this.first = { x, y, length: this.length };
    this.x = x;
    this.y = y;
    this.startX = x;
    this.startY = y;
  }

  lineTo(x: number, y: number): void {
    const dx = x - this.x;
    const dy = y - this.y;
    if (dy === 0) {
      if (dx !== 0) {
        this.room(COMMAND_ROOM);
        this.byte(C_H);
        this.ticks(dx);
      }
    } else if (dx === 0) {
      this.room(COMMAND_ROOM);
      this.byte(C_V);
      this.ticks(dy);
    } else {
      this.command(C_L, dx, dy);
    }
    this.x = x;
    this.y = y;
  }

  /** An arc to (x, y) of radius r (ticks); clockwise as seen on screen when sweepFlag is 1. */
  arcTo(x: number, y: number, r: number, large: boolean, sweepFlag: 0 | 1): void {
    this.command(C_A, r, r);
    this.byte(C_SPACE);
    this.byte(C_0);
    this.byte(C_SPACE);
    this.byte(large ? C_0 + 1 : C_0);
    this.byte(C_SPACE);
    this.byte(C_0 + sweepFlag);
    this.byte(C_SPACE);
    this.ticks(x - this.x);
    this.byte(C_SPACE);
    this.ticks(y - this.y);
    this.x = x;
    this.y = y;
  }

  close(): void {
    this.room(1);
    this.byte(C_Z);
    this.x = this.startX;
    this.y = this.startY;
  }

  /**
   * Path data made by another writer (`bytes`), moved to start at (x, y): a relative move there,
   * then the data. The current point becomes (endX, endY); the subpath start is left as it was.
   */
  place(x: number, y: number, data: Uint8Array, endX: number, endY: number): void {
    this.command(C_M, x - this.x, y - this.y);
    this.room(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
    this.x = endX;
    this.y = endY;
  }

  /** A segment in file units, offset by (ox, oy) ticks; moves first when it does not connect. */
  segment(segment: Segment, ox: number, oy: number, reverse: boolean): void {
    const x1 = ox + toTicks(reverse ? segment.x2 : segment.x1);
    const y1 = oy - toTicks(reverse ? segment.y2 : segment.y1);
    const x2 = ox + toTicks(reverse ? segment.x1 : segment.x2);
    const y2 = oy - toTicks(reverse ? segment.y1 : segment.y2);
    // A path must start with a move, even at the origin.
    if (x1 !== this.x || y1 !== this.y || this.length === 0) this.moveTo(x1, y1);
    if (segment.type === 'line') {
      this.lineTo(x2, y2);
      return;
    }
    const sweep = reverse ? -segment.sweep : segment.sweep;
    // Counter-clockwise in the file is counter-clockwise on screen: SVG sweep flag 0.
    const flag = sweep < 0 ? 1 : 0;
    const r = toTicks(segment.radius);
    if (r === 0) {
      this.lineTo(x2, y2);
      return;
    }
    if (x1 === x2 && y1 === y2) {
      // Ends that meet after rounding: a full circle, or an arc too small to see.
      if (Math.abs(sweep) <= Math.PI) return;
      // A full circle: two half turns through the opposite point.
      const cx = ox + toTicks(segment.cx);
      const cy = oy - toTicks(segment.cy);
      const oppositeX = 2 * cx - x1;
      const oppositeY = 2 * cy - y1;
      this.arcTo(oppositeX, oppositeY, r, false, flag);
      this.arcTo(x1, y1, r, false, flag);
      return;
    }
    this.arcTo(x2, y2, r, Math.abs(sweep) > Math.PI, flag);
  }

  /** A closed contour; `reverse` draws it the other way round (holes). */
  contour(contour: Contour, ox: number, oy: number, reverse: boolean): void {
    const count = contour.length;
    if (count === 0) return;
    const first = contour[reverse ? count - 1 : 0] as Segment;
    this.moveTo(
      ox + toTicks(reverse ? first.x2 : first.x1),
      oy - toTicks(reverse ? first.y2 : first.y1),
    );
    for (let index = 0; index < count; index++) {
      const segment = contour[reverse ? count - 1 - index : index] as Segment;
      if (segment.type === 'line') {
        // Contours are connected: a line only needs its far end.
        this.lineTo(
          ox + toTicks(reverse ? segment.x1 : segment.x2),
          oy - toTicks(reverse ? segment.y1 : segment.y2),
        );
      } else {
        this.segment(segment, ox, oy, reverse);
      }
    }
    this.close();
  }

  /** A shape primitive at (ox, oy) ticks; counter-clockwise unless `reverse`. */
  primitive(primitive: ShapePrimitive, ox: number, oy: number, reverse: boolean): void {
    switch (primitive.type) {
      case 'circle': {
        const r = toTicks(primitive.r);
        if (r === 0) return;
        const cx = ox + toTicks(primitive.cx);
        const cy = oy - toTicks(primitive.cy);
        const flag = reverse ? 1 : 0;
        this.moveTo(cx + r, cy);
        this.arcTo(cx - r, cy, r, false, flag);
        this.arcTo(cx + r, cy, r, false, flag);
        this.close();
        return;
      }
      case 'rect': {
        const { width, height, cornerRadius } = primitive;
        const left = ox + toTicks(primitive.cx - width / 2);
        const right = ox + toTicks(primitive.cx + width / 2);
        const bottom = oy - toTicks(primitive.cy - height / 2);
        const top = oy - toTicks(primitive.cy + height / 2);
        const r = Math.min(toTicks(cornerRadius), (right - left) >> 1, (bottom - top) >> 1);
        if (r <= 0) {
          this.moveTo(left, bottom);
          if (reverse) {
            this.lineTo(left, top);
            this.lineTo(right, top);
            this.lineTo(right, bottom);
          } else {
            this.lineTo(right, bottom);
            this.lineTo(right, top);
            this.lineTo(left, top);
          }
          this.close();
          return;
        }
        const flag = reverse ? 1 : 0;
        if (reverse) {
          this.moveTo(left + r, bottom);
          this.arcTo(left, bottom - r, r, false, flag);
          this.lineTo(left, top + r);
          this.arcTo(left + r, top, r, false, flag);
          this.lineTo(right - r, top);
          this.arcTo(right, top + r, r, false, flag);
          this.lineTo(right, bottom - r);
          this.arcTo(right - r, bottom, r, false, flag);
        } else {
          this.moveTo(left + r, bottom);
          this.lineTo(right - r, bottom);
          this.arcTo(right, bottom - r, r, false, flag);
          this.lineTo(right, top + r);
          this.arcTo(right - r, top, r, false, flag);
          this.lineTo(left + r, top);
          this.arcTo(left, top + r, r, false, flag);
          this.lineTo(left, bottom - r);
          this.arcTo(left + r, bottom, r, false, flag);
        }
        this.close();
        return;
      }
      case 'polygon': {
        const { points } = primitive;
        const count = points.length / 2;
        if (count < 3) return;
        const at = (k: number): [number, number] => {
          const index = reverse ? count - 1 - k : k;
          return [
            ox + toTicks(points[2 * index] as number),
            oy - toTicks(points[2 * index + 1] as number),
          ];
        };
        const [x0, y0] = at(0);
        this.moveTo(x0, y0);
        for (let k = 1; k < count; k++) {
          const [x, y] = at(k);
          this.lineTo(x, y);
        }
        this.close();
        return;
      }
      case 'contour':
        this.contour(primitive.segments, ox, oy, reverse);
        return;
    }
  }
}
