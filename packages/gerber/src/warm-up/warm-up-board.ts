// A board made up for warming the engine up (the server's render workers and the instant quote's
// worker render it before they take work): small, but drawn with what real boards use, so that
// the code a user's first render runs has run before: X2 attributes on apertures and objects and
// comments as KiCad writes them, negative coordinates, KiCad's rounded rectangle macro, round,
// rectangular, obround and polygon apertures, tracks with arcs in both directions, filled zones
// with arcs and clear cut-outs, an inner layer, a layer in inches with leading zeros omitted,
// plated and non-plated drill files with slots, and an outline with rounded corners.

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
