// A board made up for warming the engine up (the server's render workers and the instant quote's
// worker render it before they take work): small, but drawn with what real boards use, so that
// the code a user's first render runs has run before: X2 attributes on apertures and objects and
// comments as KiCad writes them, negative coordinates, KiCad's rounded rectangle macro, round,
// rectangular, obround and polygon apertures, tracks with arcs in both directions, filled zones
// with arcs and clear cut-outs, an inner layer, a layer in inches with leading zeros omitted,
// plated and non-plated drill files with slots, and an outline with rounded corners; and a second
// board as Allegro exports one, whose files differ in nearly every way from KiCad's.

const MACRO = [
  '%AMRoundRect*',
  '0 Rectangle with rounded corners*',
  '4,1,4,$2,$3,$4,$5,$6,$7,$8,$9,$2,$3,0*',
  '1,1,$1+$1,$2,$3*',
  '1,1,$1+$1,$4,$5*',
  '1,1,$1+$1,$6,$7*',
  '1,1,$1+$1,$8,$9*',
  '20,1,$1+$1,$2,$3,$4,$5,0*',
  '20,1,$1+$1,$4,$5,$6,$7,0*',
  '20,1,$1+$1,$6,$7,$8,$9,0*',
  '20,1,$1+$1,$8,$9,$2,$3,0*%',
];

const APERTURES = [
  '%ADD10C,0.250*%',
  '%ADD11R,1.500X1.000*%',
  '%ADD12O,1.000X2.000*%',
  '%ADD13P,1.200X6X15.0*%',
  '%ADD14RoundRect,0.250000X-0.500000X-0.400000X0.500000X-0.400000X0.500000X0.400000X-0.500000X0.400000*%',
  '%ADD15C,1.600*%',
  '%ADD16C,0.100*%',
];

/** Millionths of a millimetre (4.6 format). */
const at = (x: number, y: number) => `X${Math.round(x * 1e6)}Y${Math.round(y * 1e6)}`;

const COLUMNS = 24;
const ROWS = 16;
const PITCH = 2.5;

/** Pads on a grid, each aperture in turn; every other one named with its net (X2). */
function pads(shift: number): string[] {
  const lines: string[] = [];
  for (const code of [11, 12, 13, 14, 15]) {
    lines.push(`D${code}*`);
    for (let row = 0; row < ROWS; row++) {
      for (let column = code - 11; column < COLUMNS; column += 5) {
        if (column % 2 === 0) lines.push(`%TO.P,U${row},${column}*%`, `%TO.N,NET${column}*%`);
        lines.push(`${at(5 + column * PITCH + shift, 5 + row * PITCH)}D03*`);
        if (column % 2 === 0) lines.push('%TD*%');
      }
    }
  }
  return lines;
}

/** Tracks between the pads, with a clockwise and a counter-clockwise arc in each. */
function tracks(shift: number): string[] {
  const lines = ['D10*', 'G01*'];
  for (let row = 0; row < ROWS; row++) {
    const y = 5 + row * PITCH;
    lines.push(`${at(5 + shift, y)}D02*`);
    for (let column = 1; column < COLUMNS; column++) {
      const x = 5 + column * PITCH + shift;
      if (column % 4 === 0) {
        lines.push('G02*', `${at(x, y)}I${PITCH * 5e5}J0D01*`, 'G01*');
      } else if (column % 4 === 2) {
        lines.push('G03*', `${at(x, y)}I${PITCH * 5e5}J0D01*`, 'G01*');
      } else {
        lines.push(`${at(x, y + 0.3)}D01*`, `${at(x, y)}D01*`);
      }
    }
  }
  return lines;
}

/** A filled zone with a rounded corner, and a clear cut-out in it. */
function zone(): string[] {
  return [
    'G36*',
    `${at(2, 50)}D02*`,
    `${at(60, 50)}D01*`,
    'G02*',
    `${at(65, 55)}I0J5000000D01*`,
    'G01*',
    `${at(65, 70)}D01*`,
    `${at(2, 70)}D01*`,
    `${at(2, 50)}D01*`,
    'G37*',
    '%LPC*%',
    'G36*',
    `${at(10, 55)}D02*`,
    `${at(20, 55)}D01*`,
    `${at(20, 65)}D01*`,
    `${at(10, 65)}D01*`,
    `${at(10, 55)}D01*`,
    'G37*',
    '%LPD*%',
  ];
}

/** Each aperture with an X2 function attribute, as KiCad lists them. */
const ATTRIBUTED_APERTURES = APERTURES.flatMap((line, index) => [
  `%TA.AperFunction,${index % 2 ? 'SMDPad,CuDef' : 'ComponentPad'}*%`,
  line,
  '%TD*%',
]);

/** Moves a block's coordinates down by 100 mm: real boards sit anywhere, often below y = 0. */
function below(lines: string[]): string[] {
  return lines.map((line) =>
    line.replace(/Y(\d+)/, (_, y: string) => `Y${Number(y) - 100_000_000}`),
  );
}

function gerber(body: string[]): string {
  return [
    '%TF.GenerationSoftware,KiCad,Pcbnew,5.1.5*%',
    '%FSLAX46Y46*%',
    'G04 Gerber Fmt 4.6, Leading zero omitted, Abs format (unit mm)*',
    '%MOMM*%',
    '%LPD*%',
    'G04 APERTURE LIST*',
    ...MACRO,
    ...ATTRIBUTED_APERTURES,
    'G04 APERTURE END LIST*',
    'G75*',
    ...below(body),
    'M02*',
    '',
  ].join('\n');
}

/** The same pads in inches, 2.4 format with leading zeros omitted, as older tools write. */
function inchLayer(): string {
  const lines = ['%FSLAX24Y24*%', '%MOIN*%', '%ADD10C,0.0100*%', '%ADD11R,0.0600X0.0400*%', 'D11*'];
  for (let row = 0; row < ROWS; row++) {
    for (let column = 0; column < COLUMNS; column++) {
      const x = Math.round(((5 + column * PITCH) / 25.4) * 1e4);
      const y = Math.round(((5 + row * PITCH - 100) / 25.4) * 1e4);
      lines.push(`X${x}Y${y}D03*`);
    }
  }
  lines.push('D10*', 'X0Y0D02*', 'X25000Y0D01*', 'M02*', '');
  return lines.join('\n');
}

/**
 * A coordinate as Allegro writes it: inches in 2.5 format with trailing zeros omitted (leading
 * ones kept), from millimetres on the board below y = 0 as the other layers are.
 */
function allegroAt(x: number, y: number): string {
  const digits = (mm: number) => {
    const value = Math.round((mm / 25.4) * 1e5);
    const text = String(Math.abs(value)).padStart(7, '0').replace(/0+$/, '') || '0';
    return value < 0 ? `-${text}` : text;
  };
  return `X${digits(x)}Y${digits(y - 100)}`;
}

/** A macro of one outline primitive: a round pad as a 36-sided polygon, as Allegro exports it. */
function allegroRoundMacro(): string[] {
  const points: string[] = [];
  for (let step = 0; step <= 36; step++) {
    const angle = (step / 36) * 2 * Math.PI;
    points.push(`${(0.02 * Math.cos(angle)).toFixed(6)},${(0.02 * Math.sin(angle)).toFixed(6)},`);
  }
  return ['%AMMACRO1_0*', `4,1,36,${points[0]}`, ...points.slice(1), '0.0*', '%'];
}

/**
 * A layer as Allegro (FAB 3000) writes it: image and scale parameters, apertures selected with
 * G54, pads of a polygon macro, and poured areas whose edges are coordinates alone (modal D01),
 * with clear cut-outs.
 */
function allegroLayer(layerName: string): string {
  const lines = [
    'G04 FAB 3000 Version 7.0.7 - Gerber/CAM Software*',
    '%FSTAX25Y25*%',
    '%MIA0B0*%',
    '%MOIN*%',
    '%SFA1.000000B1.000000*%',
    '%IPPOS*%',
    '%IR0*%',
    ...allegroRoundMacro(),
    '%ADD10C,0.010000*%',
    '%ADD11R,0.060000X0.040000*%',
    '%ADD12O,0.050000X0.030000*%',
    '%ADD13MACRO1_0*%',
    `%LN${layerName}*%`,
    '%LPD*%',
  ];
  for (const code of [11, 12, 13]) {
    lines.push(`G54D${code}*`);
    for (let row = code - 11; row < ROWS; row += 3) {
      for (let column = 0; column < COLUMNS; column++) {
        lines.push(`${allegroAt(5 + column * PITCH, 5 + row * PITCH)}D03*`);
      }
    }
  }
  lines.push('G54D10*', 'G01*');
  for (let row = 0; row < ROWS; row += 4) {
    const y = 6 + row * PITCH;
    lines.push(`${allegroAt(5, y)}D02*`, `${allegroAt(60, y)}D01*`);
  }
  // Poured areas: rough circles, each edge point after the first on a line of its own.
  for (let column = 0; column < COLUMNS; column += 3) {
    const cx = 6 + column * PITCH;
    lines.push('G36*', `${allegroAt(cx + 1, 50)}D02*`);
    for (let step = 1; step <= 24; step++) {
      const angle = (step / 24) * 2 * Math.PI;
      const point = allegroAt(cx + Math.cos(angle), 50 + Math.sin(angle));
      lines.push(step === 1 ? `${point}D01*` : `${point}*`);
    }
    lines.push('G37*');
  }
  lines.push('%LPC*%', 'G36*', `${allegroAt(10, 49.7)}D02*`, `${allegroAt(60, 49.7)}D01*`);
  lines.push(`${allegroAt(60, 50.3)}*`, `${allegroAt(10, 50.3)}*`, `${allegroAt(10, 49.7)}*`);
  lines.push('G37*', '%LPD*%', 'M02*', '');
  return lines.join('\r\n');
}

/**
 * An NC drill file as Allegro writes it without a header: tools described in comments, fixed
 * 3.5 inch coordinates without a decimal point, repeat codes; its format is in nc_param.txt.
 */
function allegroDrill(): string {
  const lines = [
    ';LEADER: 12 ',
    ';HEADER: ',
    ';CODE  : ASCII ',
    ';FILE  : warmup-1-2.drl for  ... layers TOP and BOTTOM',
    ';T01 Holesize 1. = 12.000000 Tolerance = +3.000000/-3.000000 PLATED MILS Quantity = 96',
    ';T02 Holesize 2. = 40.000000 Tolerance = +5.000000/-5.000000 NON_PLATED MILS Quantity = 4',
    '%',
    'G90',
    'T01',
  ];
  const inch = (mm: number) => {
    const value = Math.round((mm / 25.4) * 1e5);
    return `${value < 0 ? '-' : ''}${String(Math.abs(value)).padStart(8, '0')}`;
  };
  const at = (x: number, y: number) => `X${inch(x)}Y${inch(y - 100)}`;
  for (let row = 0; row < ROWS; row += 2) {
    // A row of holes at one pitch: the first, then a repeat code for the rest.
    lines.push(at(5, 5 + row * PITCH), `R${COLUMNS - 1}X${inch(PITCH)}`);
  }
  lines.push('T02', at(2, 2), at(66, 2), at(66, 68), at(2, 68), 'M30', '');
  return lines.join('\r\n');
}

/** Allegro's drill parameters: the format of its NC drill files. */
function allegroDrillParameters(): string {
  return [
    'INTEGER-PLACES         3',
    'DECIMAL-PLACES         5',
    'COORDINATES            ABSOLUTE',
    'OUTPUT-UNITS           ENGLISH',
    'REPEAT-CODES           YES',
    'SUPPRESS-LEAD-ZEROES   NO',
    'SUPPRESS-TRAIL-ZEROES  NO',
    '',
  ].join('\r\n');
}

function drill(plated: boolean): string {
  const lines = [
    'M48',
    `; ${plated ? 'PLATED' : 'NON-PLATED'} holes`,
    'FMAT,2',
    'METRIC',
    'T1C0.300',
    'T2C0.800',
    'T3C1.000',
    '%',
    'G90',
    'G05',
  ];
  for (const tool of [1, 2]) {
    lines.push(`T${tool}`);
    for (let row = tool - 1; row < ROWS; row += 2) {
      for (let column = 0; column < COLUMNS; column++) {
        lines.push(`X${(5 + column * PITCH).toFixed(3)}Y${(5 + row * PITCH - 100).toFixed(3)}`);
      }
    }
  }
  lines.push(
    'T3',
    'X10.0Y-55.0G85X20.0Y-55.0',
    'G00X30.0Y-55.0',
    'M15',
    'G01X40.0Y-55.0',
    'M16',
    'G05',
  );
  lines.push('M30', '');
  return lines.join('\n');
}

function outline(): string {
  return gerber([
    'D16*',
    `${at(0, 3)}D02*`,
    'G03*',
    `${at(3, 0)}I3000000J0D01*`,
    'G01*',
    `${at(67, 0)}D01*`,
    'G03*',
    `${at(70, 3)}I0J3000000D01*`,
    'G01*',
    `${at(70, 72)}D01*`,
    `${at(0, 72)}D01*`,
    `${at(0, 3)}D01*`,
  ]);
}

/**
 * A second warm-up board as Cadence Allegro exports one: two copper layers (trailing zeros
 * omitted, polygon macros, poured areas), a headerless NC drill file and the nc_param.txt that
 * gives its format, all with CRLF line ends.
 */
export function warmUpAllegroBoardFiles(): { name: string; text: string }[] {
  return [
    { name: 'warmup_lyr1.art', text: allegroLayer('TOP') },
    { name: 'warmup_lyr2.art', text: allegroLayer('BOTTOM') },
    { name: 'warmup_NCDRILL.drl', text: allegroDrill() },
    { name: 'nc_param.txt', text: allegroDrillParameters() },
  ];
}

/** The files of the warm-up board, named as KiCad names them. */
export function warmUpBoardFiles(): { name: string; text: string }[] {
  return [
    { name: 'warmup-F_Cu.gbr', text: gerber([...pads(0), ...tracks(0), ...zone()]) },
    { name: 'warmup-B_Cu.gbr', text: gerber([...pads(0.5), ...tracks(0.5)]) },
    { name: 'warmup-In1_Cu.gbr', text: gerber([...zone(), ...tracks(0.25)]) },
    { name: 'warmup-F_Mask.gbr', text: gerber(pads(0)) },
    { name: 'warmup-B_Mask.gbr', text: gerber(pads(0.5)) },
    { name: 'warmup-F_Paste.gbr', text: gerber(pads(0)) },
    { name: 'warmup-F_Silkscreen.gbr', text: gerber(tracks(1)) },
    { name: 'warmup-B_Silkscreen.gbr', text: inchLayer() },
    { name: 'warmup-Edge_Cuts.gbr', text: outline() },
    { name: 'warmup-PTH.drl', text: drill(true) },
    { name: 'warmup-NPTH.drl', text: drill(false) },
  ];
}
