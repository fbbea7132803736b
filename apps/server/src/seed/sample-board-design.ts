// The design of the demo workspace's sample board (sample-board.ts draws its files from it): the
// board, its parts and their pads, the tracks of both sides, vias and mounting holes, in mm. A
// part or a track is added here; the layers follow.

export type Point = readonly [number, number];

/** What a pad is: its shape and size in mm, and for through-hole pads its drill. */
export type PadShape =
  | { kind: 'rect'; width: number; height: number }
  | { kind: 'circle'; diameter: number };

type Pad = {
  at: Point;
  shape: PadShape;
  net: string;
  /** Through-hole pads carry a plated drill of this diameter. */
  drill?: number;
};

export type Part = {
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

export const BOARD = { width: 60, length: 40, cornerRadius: 2 };
export const BASE_NAME = 'sensor-node';

const TRACK = 0.25;
const POWER_TRACK = 0.5;
export const VIA_PAD = 0.6;
export const VIA_DRILL = 0.3;
export const MOUNTING_HOLE = 3.2;
export const POUR_CLEARANCE = 0.3;
export const MASK_EXPANSION = 0.05;
export const SILK_LINE = 0.15;

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

export const HEADER_NETS = ['GND', '3V3', 'SDA', 'SCL'];
export const HEADER_PITCH = 2.54;

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

export const PARTS: Part[] = [
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

export const TOP_TRACKS: Track[] = [
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
export const BOTTOM_TRACKS: Track[] = [
  {
    net: 'SCL',
    width: TRACK,
    points: [
      [15.5, 22.2],
      [15.5, 16.38],
    ],
  },
];

export const VIAS: { at: Point; net: string }[] = [
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

export const MOUNTING_HOLES: Point[] = [
  [3.5, 3.5],
  [BOARD.width - 3.5, 3.5],
  [3.5, BOARD.length - 3.5],
  [BOARD.width - 3.5, BOARD.length - 3.5],
];

export const PADS = PARTS.flatMap((part) => part.pads);
export const SMD_PADS = PADS.filter((pad) => pad.drill === undefined);
export const THT_PADS = PADS.filter((pad) => pad.drill !== undefined);
