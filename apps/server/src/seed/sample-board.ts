import { writeOutlineGerber } from '@circuits/gerber';

// The demo workspace's sample board, drawn by code at first start so the repository holds no
// third-party board files: a 60 × 40 mm two-layer I2C temperature sensor (an SO-8 sensor, pull-up
// resistors, decoupling capacitors, an alert LED and a 4-pin header) with tracks on both sides, a
// ground pour on the bottom, mask, paste, silkscreen, plated and non-plated drills, a BOM and a
// pick-and-place file. Names follow KiCad's export, so detection types every file as a user's
// KiCad upload would be.

export type SampleFile = { name: string; text: string };

type Point = readonly [number, number];

/** What a pad is: its shape and size in mm, and for through-hole pads its drill. */
type PadShape =
  | { kind: 'rect'; width: number; height: number }
  | { kind: 'circle'; diameter: number };

type Pad = {
  at: Point;
  shape: PadShape;
  net: string;
  /** Through-hole pads carry a plated drill of this diameter. */
  drill?: number;
};

type Part = {
  ref: string;
  value: string;
  footprint: string;
  mpn: string;
  at: Point;
  rotation: number;
  pads: Pad[];
  /** Silkscreen body outline (closed) and where the reference is written. */
  body: Point[];
  label: Point;
};

const BOARD = { width: 60, length: 40, cornerRadius: 2 };
const BASE_NAME = 'sensor-node';

const TRACK = 0.25;
const POWER_TRACK = 0.5;
const VIA_PAD = 0.6;
const VIA_DRILL = 0.3;
const MOUNTING_HOLE = 3.2;
const POUR_CLEARANCE = 0.3;
const MASK_EXPANSION = 0.05;
const SILK_LINE = 0.15;

// ---- The design -------------------------------------------------------------------------------

const rect = (width: number, height: number): PadShape => ({ kind: 'rect', width, height });

/**
 * An 0805 part (pads 1.9 mm apart): lying along x with pad 1 on the left, or turned upright (90°)
 * with pad 1 at the top.
 */
function chip0805(
  ref: string,
  value: string,
  mpn: string,
  at: Point,
  nets: [string, string],
  rotation: 0 | 90 = 0,
): Part {
  const [x, y] = at;
  const upright = rotation === 90;
  const padAt = (side: -1 | 1): Point => (upright ? [x, y - side * 0.95] : [x + side * 0.95, y]);
  const pad = upright ? rect(1.3, 1.0) : rect(1.0, 1.3);
  return {
    ref,
    value,
    footprint: '0805',
    mpn,
    at,
    rotation,
    pads: [
      { at: padAt(-1), shape: pad, net: nets[0] },
      { at: padAt(1), shape: pad, net: nets[1] },
    ],
    body: upright ? box(x, y, 1.9, 3.4) : box(x, y, 3.4, 1.9),
    label: [x - 1.3, y + 1.4],
  };
}

/** Corners of a rectangle centred on (x, y), closed. */
function box(x: number, y: number, width: number, height: number): Point[] {
  const [left, right, bottom, top] = [x - width / 2, x + width / 2, y - height / 2, y + height / 2];
  return [
    [left, bottom],
    [right, bottom],
    [right, top],
    [left, top],
    [left, bottom],
  ];
}

// LM75-style sensor pinout: 1 SDA, 2 SCL, 3 OS (alert, open drain), 4 GND, 5-7 address, 8 VCC.
const SENSOR_NETS = ['SDA', 'SCL', 'ALERT', 'GND', 'GND', 'GND', 'GND', '3V3'];

function so8(at: Point): Part {
  const [x, y] = at;
  const rows = [y + 1.905, y + 0.635, y - 0.635, y - 1.905];
  const pads: Pad[] = SENSOR_NETS.map((net, index) => ({
    // Pins 1-4 down the left side, 5-8 up the right.
    at: index < 4 ? [x - 2.7, rows[index]!] : [x + 2.7, rows[7 - index]!],
    shape: rect(1.5, 0.6),
    net,
  }));
  return {
    ref: 'U1',
    value: 'LM75B',
    footprint: 'SOIC-8_3.9x4.9mm_P1.27mm',
    mpn: 'LM75BD',
    at,
    rotation: 0,
    pads,
    // Inside the pad rows: a fab clips legend printed on pads.
    body: box(x, y, 3.0, 5.4),
    label: [x - 1.5, y + 3.2],
  };
}

const HEADER_NETS = ['GND', '3V3', 'SDA', 'SCL'];
const HEADER_PITCH = 2.54;

function header(at: Point): Part {
  const [x, y] = at;
  return {
    ref: 'J1',
    value: 'I2C',
    footprint: 'PinHeader_1x04_P2.54mm',
    mpn: 'PH1-04-UA',
    at,
    rotation: 0,
    pads: HEADER_NETS.map((net, index) => ({
      at: [x, y - index * HEADER_PITCH],
      // Pin 1 square, as headers mark it.
      shape: index === 0 ? rect(1.7, 1.7) : { kind: 'circle', diameter: 1.7 },
      net,
      drill: 1.0,
    })),
    body: box(x, y - 1.5 * HEADER_PITCH, 2.54, 4 * HEADER_PITCH),
    label: [x - 1.2, y + 2.0],
  };
}

const PARTS: Part[] = [
  header([6, 24]),
  so8([32, 20]),
  {
    ...chip0805('R1', '4.7k', 'RC0805FR-074K7L', [13, 24.5], ['3V3', 'SDA'], 90),
    label: [10.1, 24],
  },
  {
    ...chip0805('R2', '4.7k', 'RC0805FR-074K7L', [15.5, 24.5], ['3V3', 'SCL'], 90),
    label: [16.6, 24],
  },
  { ...chip0805('C1', '100nF', 'CL21B104KBCNNNC', [39, 24], ['3V3', 'GND']), label: [40.5, 25.3] },
  chip0805('C2', '10uF', 'CL21A106KAYNNNE', [12, 30], ['3V3', 'GND']),
  chip0805('R3', '1k', 'RC0805FR-071KL', [46, 27.5], ['3V3', 'LED']),
  chip0805('D1', 'Green', 'LTST-C171GKT', [50, 27.5], ['LED', 'ALERT']),
];

type Track = { net: string; width: number; points: Point[] };

const TOP_TRACKS: Track[] = [
  {
    net: 'SDA',
    width: TRACK,
    points: [
      [6, 18.92],
      [16, 18.92],
      [19, 21.905],
      [29.3, 21.905],
    ],
  },
  {
    net: 'SDA',
    width: TRACK,
    points: [
      [13, 23.55],
      [13, 18.92],
    ],
  },
  {
    net: 'SCL',
    width: TRACK,
    points: [
      [6, 16.38],
      [18, 16.38],
      [22.255, 20.635],
      [29.3, 20.635],
    ],
  },
  {
    net: 'SCL',
    width: TRACK,
    points: [
      [15.5, 23.55],
      [15.5, 22.2],
    ],
  },
  {
    net: '3V3',
    width: POWER_TRACK,
    points: [
      [6, 21.46],
      [9.5, 21.46],
      [9.5, 27.5],
      [45.05, 27.5],
    ],
  },
  {
    net: '3V3',
    width: POWER_TRACK,
    points: [
      [13, 25.45],
      [13, 27.5],
    ],
  },
  {
    net: '3V3',
    width: POWER_TRACK,
    points: [
      [15.5, 25.45],
      [15.5, 27.5],
    ],
  },
  {
    net: '3V3',
    width: POWER_TRACK,
    points: [
      [11.05, 27.5],
      [11.05, 30],
    ],
  },
  {
    net: '3V3',
    width: POWER_TRACK,
    points: [
      [34.7, 21.905],
      [37, 21.905],
      [37, 27.5],
    ],
  },
  {
    net: '3V3',
    width: POWER_TRACK,
    points: [
      [38.05, 24],
      [38.05, 27.5],
    ],
  },
  {
    net: 'LED',
    width: TRACK,
    points: [
      [46.95, 27.5],
      [49.05, 27.5],
    ],
  },
  {
    net: 'ALERT',
    width: TRACK,
    points: [
      [50.95, 27.5],
      [52.5, 27.5],
      [52.5, 12],
      [26, 12],
      [26, 19.365],
      [29.3, 19.365],
    ],
  },
  {
    net: 'GND',
    width: POWER_TRACK,
    points: [
      [29.3, 18.095],
      [27.8, 18.095],
      [27.8, 16.8],
    ],
  },
  {
    net: 'GND',
    width: TRACK,
    points: [
      [34.7, 18.095],
      [36.3, 18.095],
      [36.3, 16.8],
    ],
  },
  {
    net: 'GND',
    width: TRACK,
    points: [
      [34.7, 19.365],
      [36.3, 19.365],
      [36.3, 18.095],
    ],
  },
  {
    net: 'GND',
    width: TRACK,
    points: [
      [34.7, 20.635],
      [36.3, 20.635],
      [36.3, 19.365],
    ],
  },
  {
    net: 'GND',
    width: POWER_TRACK,
    points: [
      [39.95, 24],
      [41.5, 24],
    ],
  },
  {
    net: 'GND',
    width: POWER_TRACK,
    points: [
      [12.95, 30],
      [14.5, 30],
    ],
  },
];

// SCL hops under SDA on the bottom side.
const BOTTOM_TRACKS: Track[] = [
  {
    net: 'SCL',
    width: TRACK,
    points: [
      [15.5, 22.2],
      [15.5, 16.38],
    ],
  },
];

const VIAS: { at: Point; net: string }[] = [
  { at: [15.5, 22.2], net: 'SCL' },
  { at: [15.5, 16.38], net: 'SCL' },
  { at: [27.8, 16.8], net: 'GND' },
  { at: [36.3, 16.8], net: 'GND' },
  { at: [41.5, 24], net: 'GND' },
  { at: [14.5, 30], net: 'GND' },
  // Stitching the pour.
  ...(
    [
      [20, 2.5],
      [40, 2.5],
      [20, 37.5],
      [40, 37.5],
      [56, 20],
    ] as const
  ).map((at) => ({ at, net: 'GND' })),
];

const MOUNTING_HOLES: Point[] = [
  [3.5, 3.5],
  [BOARD.width - 3.5, 3.5],
  [3.5, BOARD.length - 3.5],
  [BOARD.width - 3.5, BOARD.length - 3.5],
];

const PADS = PARTS.flatMap((part) => part.pads);
const SMD_PADS = PADS.filter((pad) => pad.drill === undefined);
const THT_PADS = PADS.filter((pad) => pad.drill !== undefined);

// ---- A small Gerber X2 writer (format 4.6, millimetres) ----------------------------------------

const coordinate = (value: number) => String(Math.round(value * 1e6));
const xy = ([x, y]: Point) => `X${coordinate(x)}Y${coordinate(y)}`;
const size = (value: number) => String(Number(value.toFixed(4)));

class GerberWriter {
  readonly #apertures = new Map<string, number>();
  readonly #body: string[] = [];
  #current: number | null = null;

  readonly #fileFunction: string;
  readonly #polarity: 'Positive' | 'Negative';

  constructor(fileFunction: string, polarity: 'Positive' | 'Negative') {
    this.#fileFunction = fileFunction;
    this.#polarity = polarity;
  }

  #select(template: string): void {
    let code = this.#apertures.get(template);
    if (code === undefined) {
      code = 10 + this.#apertures.size;
      this.#apertures.set(template, code);
    }
    if (code !== this.#current) this.#body.push(`D${code}*`);
    this.#current = code;
  }

  flash(at: Point, shape: PadShape): this {
    this.#select(
      shape.kind === 'circle'
        ? `C,${size(shape.diameter)}`
        : `R,${size(shape.width)}X${size(shape.height)}`,
    );
    this.#body.push(`${xy(at)}D03*`);
    return this;
  }

  stroke(points: readonly Point[], width: number): this {
    this.#select(`C,${size(width)}`);
    const [first, ...rest] = points;
    this.#body.push(`${xy(first!)}D02*`);
    for (const point of rest) this.#body.push(`${xy(point)}D01*`);
    return this;
  }

  /** A filled polygon (closed by the writer). */
  region(points: readonly Point[]): this {
    const [first, ...rest] = points;
    this.#body.push('G36*', `${xy(first!)}D02*`);
    for (const point of [...rest, first!]) this.#body.push(`${xy(point)}D01*`);
    this.#body.push('G37*');
    return this;
  }

  /** What follows clears (true) or darkens (false) what is below it. */
  clear(clearing: boolean): this {
    this.#body.push(clearing ? '%LPC*%' : '%LPD*%');
    return this;
  }

  text(): string {
    const apertures = [...this.#apertures].map(([template, code]) => `%ADD${code}${template}*%`);
    return [
      '%TF.GenerationSoftware,Circuits,Demo board generator,1.0*%',
      `%TF.FileFunction,${this.#fileFunction}*%`,
      `%TF.FilePolarity,${this.#polarity}*%`,
      '%FSLAX46Y46*%',
      '%MOMM*%',
      '%LPD*%',
      'G01*',
      ...apertures,
      ...this.#body,
      'M02*',
      '',
    ].join('\n');
  }
}

// ---- Silkscreen lettering: a stroke font on a 4 × 6 grid --------------------------------------

const GLYPHS: Record<string, Point[][]> = {
  A: [
    [
      [0, 0],
      [0, 4],
      [2, 6],
      [4, 4],
      [4, 0],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  B: [
    [
      [0, 0],
      [0, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [0, 3],
    ],
    [
      [3, 3],
      [4, 2],
      [4, 1],
      [3, 0],
      [0, 0],
    ],
  ],
  C: [
    [
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 6],
      [3, 6],
      [4, 5],
      [4, 1],
      [3, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [4, 6],
      [0, 6],
      [0, 0],
      [4, 0],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  G: [
    [
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 3],
      [2, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  I: [
    [
      [1, 6],
      [3, 6],
    ],
    [
      [2, 6],
      [2, 0],
    ],
    [
      [1, 0],
      [3, 0],
    ],
  ],
  J: [
    [
      [4, 6],
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 6],
      [0, 2],
    ],
    [
      [1.3, 3.3],
      [4, 0],
    ],
  ],
  L: [
    [
      [0, 6],
      [0, 0],
      [4, 0],
    ],
  ],
  M: [
    [
      [0, 0],
      [0, 6],
      [2, 3],
      [4, 6],
      [4, 0],
    ],
  ],
  N: [
    [
      [0, 0],
      [0, 6],
      [4, 0],
      [4, 6],
    ],
  ],
  O: [
    [
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 1],
      [3, 0],
      [1, 0],
    ],
  ],
  P: [
    [
      [0, 0],
      [0, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 0],
      [0, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 0],
    ],
  ],
  S: [
    [
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 4],
      [1, 3],
      [3, 3],
      [4, 2],
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
    ],
  ],
  T: [
    [
      [0, 6],
      [4, 6],
    ],
    [
      [2, 6],
      [2, 0],
    ],
  ],
  U: [
    [
      [0, 6],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 6],
    ],
  ],
  V: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
  ],
  W: [
    [
      [0, 6],
      [1, 0],
      [2, 4],
      [3, 0],
      [4, 6],
    ],
  ],
  0: [
    [
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 1],
      [3, 0],
      [1, 0],
    ],
    [
      [0, 1],
      [4, 5],
    ],
  ],
  1: [
    [
      [1, 5],
      [2, 6],
      [2, 0],
    ],
    [
      [1, 0],
      [3, 0],
    ],
  ],
  2: [
    [
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [0, 0],
      [4, 0],
    ],
  ],
  3: [
    [
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [4, 2],
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
    ],
    [
      [1, 3],
      [3, 3],
    ],
  ],
  4: [
    [
      [3, 0],
      [3, 6],
      [0, 2],
      [4, 2],
    ],
  ],
  5: [
    [
      [4, 6],
      [0, 6],
      [0, 3],
      [3, 3],
      [4, 2],
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
    ],
  ],
  6: [
    [
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  7: [
    [
      [0, 6],
      [4, 6],
      [1, 0],
    ],
  ],
  8: [
    [
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
      [1, 3],
    ],
    [
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
    ],
  ],
  9: [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
      [0, 4],
      [1, 3],
      [4, 3],
    ],
  ],
  '+': [
    [
      [2, 1],
      [2, 5],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  '-': [
    [
      [0, 3],
      [4, 3],
    ],
  ],
};

/** Strokes of `text` written from `at` (its lower left), `height` mm tall; mirrored for the bottom. */
function lettering(text: string, at: Point, height: number, mirrored = false): Point[][] {
  const unit = height / 6;
  const strokes: Point[][] = [];
  [...text.toUpperCase()].forEach((character, index) => {
    const glyph = GLYPHS[character];
    if (!glyph) return;
    const offset = index * 6 * unit;
    for (const stroke of glyph) {
      strokes.push(
        stroke.map(([x, y]) => [
          mirrored ? at[0] - offset - x * unit : at[0] + offset + x * unit,
          at[1] + y * unit,
        ]),
      );
    }
  });
  return strokes;
}

// ---- The layers --------------------------------------------------------------------------------

function grown(shape: PadShape, by: number): PadShape {
  return shape.kind === 'circle'
    ? { kind: 'circle', diameter: shape.diameter + 2 * by }
    : { kind: 'rect', width: shape.width + 2 * by, height: shape.height + 2 * by };
}

const circle = (diameter: number): PadShape => ({ kind: 'circle', diameter });

function topCopper(): string {
  const layer = new GerberWriter('Copper,L1,Top', 'Positive');
  for (const track of TOP_TRACKS) layer.stroke(track.points, track.width);
  for (const pad of PADS) layer.flash(pad.at, pad.shape);
  for (const via of VIAS) layer.flash(via.at, circle(VIA_PAD));
  return layer.text();
}

/** Bottom copper: a ground pour with clearances around everything not on ground. */
function bottomCopper(): string {
  const layer = new GerberWriter('Copper,L2,Bot', 'Positive');
  const inset = 0.6;
  layer.region([
    [inset, inset],
    [BOARD.width - inset, inset],
    [BOARD.width - inset, BOARD.length - inset],
    [inset, BOARD.length - inset],
  ]);
  layer.clear(true);
  for (const pad of THT_PADS.filter((candidate) => candidate.net !== 'GND')) {
    layer.flash(pad.at, grown(pad.shape, POUR_CLEARANCE));
  }
  for (const via of VIAS.filter((candidate) => candidate.net !== 'GND')) {
    layer.flash(via.at, circle(VIA_PAD + 2 * POUR_CLEARANCE));
  }
  for (const hole of MOUNTING_HOLES) layer.flash(hole, circle(MOUNTING_HOLE + 1));
  for (const track of BOTTOM_TRACKS) {
    layer.stroke(track.points, track.width + 2 * POUR_CLEARANCE);
  }
  layer.clear(false);
  for (const track of BOTTOM_TRACKS) layer.stroke(track.points, track.width);
  for (const pad of THT_PADS) layer.flash(pad.at, pad.shape);
  for (const via of VIAS) layer.flash(via.at, circle(VIA_PAD));
  return layer.text();
}

/** Mask openings: every pad on the side (vias stay tented), and the mounting holes. */
function mask(side: 'Top' | 'Bot'): string {
  const layer = new GerberWriter(`Soldermask,${side}`, 'Negative');
  const pads = side === 'Top' ? PADS : THT_PADS;
  for (const pad of pads) layer.flash(pad.at, grown(pad.shape, MASK_EXPANSION));
  for (const hole of MOUNTING_HOLES) layer.flash(hole, circle(MOUNTING_HOLE + 0.4));
  return layer.text();
}

function topPaste(): string {
  const layer = new GerberWriter('Paste,Top', 'Positive');
  for (const pad of SMD_PADS) layer.flash(pad.at, pad.shape);
  return layer.text();
}

function topSilk(): string {
  const layer = new GerberWriter('Legend,Top', 'Positive');
  for (const part of PARTS) {
    layer.stroke(part.body, SILK_LINE);
    for (const stroke of lettering(part.ref, part.label, 1)) layer.stroke(stroke, SILK_LINE);
  }
  // Pin 1 of the sensor, and what each header pin carries.
  layer.stroke(
    [
      [27.8, 22.6],
      [27.8, 22.6],
    ],
    0.4,
  );
  HEADER_NETS.forEach((net, index) => {
    for (const stroke of lettering(net, [1.2, 23.5 - index * HEADER_PITCH], 1)) {
      layer.stroke(stroke, SILK_LINE);
    }
  });
  for (const stroke of lettering('NORTHWIND SENSOR NODE', [14, 33.5], 1.6)) {
    layer.stroke(stroke, 0.2);
  }
  for (const stroke of lettering('REV A', [44, 6], 1.2)) layer.stroke(stroke, SILK_LINE);
  return layer.text();
}

/** Bottom legend, mirrored as it is read from below. */
function bottomSilk(): string {
  const layer = new GerberWriter('Legend,Bot', 'Positive');
  for (const stroke of lettering('NORTHWIND ELECTRONICS', [52, 20], 1.6, true)) {
    layer.stroke(stroke, 0.2);
  }
  for (const stroke of lettering('CIRCUITS DEMO BOARD', [46, 15], 1.2, true)) {
    layer.stroke(stroke, SILK_LINE);
  }
  return layer.text();
}

// ---- Drills (Excellon, metric, decimal coordinates) -------------------------------------------

const millimetres = (value: number) => value.toFixed(3);

function drillFile(plating: 'PTH' | 'NPTH', holes: { diameter: number; at: Point }[]): string {
  const diameters = [...new Set(holes.map((hole) => hole.diameter))].sort((a, b) => a - b);
  const lines = [
    'M48',
    `; DRILL file {${BASE_NAME}} generated by Circuits`,
    '; FORMAT={-:-/ absolute / metric / decimal}',
    `; #@! TF.FileFunction,${plating === 'PTH' ? 'Plated' : 'NonPlated'},1,2,${plating}`,
    'FMAT,2',
    'METRIC',
    ...diameters.map((diameter, index) => `T${index + 1}C${millimetres(diameter)}`),
    '%',
    'G90',
    'G05',
  ];
  diameters.forEach((diameter, index) => {
    lines.push(`T${index + 1}`);
    for (const hole of holes.filter((candidate) => candidate.diameter === diameter)) {
      lines.push(`X${millimetres(hole.at[0])}Y${millimetres(hole.at[1])}`);
    }
  });
  lines.push('M30', '');
  return lines.join('\n');
}

// ---- Assembly tables ----------------------------------------------------------------------------

function bom(): string {
  const groups = new Map<string, Part[]>();
  for (const part of PARTS) {
    const key = `${part.value}|${part.footprint}|${part.mpn}`;
    groups.set(key, [...(groups.get(key) ?? []), part]);
  }
  const rows = [...groups.values()].map(
    (parts) =>
      `"${parts.map((part) => part.ref).join(',')}",${parts[0]!.value},${parts[0]!.footprint},${parts.length},${parts[0]!.mpn}`,
  );
  return ['Reference,Value,Footprint,Qty,MPN', ...rows, ''].join('\n');
}

function placements(): string {
  const rows = PARTS.map(
    (part) =>
      `${part.ref},${part.value},${part.footprint},${part.at[0].toFixed(4)},${part.at[1].toFixed(4)},${part.rotation.toFixed(4)},top`,
  );
  return ['Ref,Val,Package,PosX,PosY,Rot,Side', ...rows, ''].join('\n');
}

/** Every file of the sample board, as a KiCad export names them. */
export function sampleBoardFiles(): SampleFile[] {
  const file = (suffix: string, text: string) => ({ name: `${BASE_NAME}-${suffix}`, text });
  return [
    file('F_Cu.gbr', topCopper()),
    file('B_Cu.gbr', bottomCopper()),
    file('F_Mask.gbr', mask('Top')),
    file('B_Mask.gbr', mask('Bot')),
    file('F_Paste.gbr', topPaste()),
    file('F_Silkscreen.gbr', topSilk()),
    file('B_Silkscreen.gbr', bottomSilk()),
    file(
      'Edge_Cuts.gbr',
      writeOutlineGerber({
        width: BOARD.width,
        length: BOARD.length,
        radius: BOARD.cornerRadius,
        units: 'mm',
      }),
    ),
    file(
      'PTH.drl',
      drillFile('PTH', [
        ...VIAS.map((via) => ({ diameter: VIA_DRILL, at: via.at })),
        ...THT_PADS.map((pad) => ({ diameter: pad.drill!, at: pad.at })),
      ]),
    ),
    file(
      'NPTH.drl',
      drillFile(
        'NPTH',
        MOUNTING_HOLES.map((at) => ({ diameter: MOUNTING_HOLE, at })),
      ),
    ),
    file('bom.csv', bom()),
    file('pos.csv', placements()),
  ];
}

/** The board's parts as its BOM lists them: designator, value, footprint and part number. */
export function sampleBoardParts(): {
  ref: string;
  value: string;
  footprint: string;
  mpn: string;
}[] {
  return PARTS.map((part) => ({
    ref: part.ref,
    value: part.value,
    footprint: part.footprint,
    mpn: part.mpn,
  }));
}

/** The board's size, as its outline draws it. */
export const SAMPLE_BOARD_SIZE_MM = { width: BOARD.width, length: BOARD.length };
