// A small two-layer board named as Labcenter Proteus names its CADCAM output (a tool the shared
// fixtures do not have), with file heads written here: pads and tracks on the copper, pads on
// the masks, a rectangle on the mechanical layer, an Excellon drill, and the read-me, netlist and
// flying-probe files such an export carries beside the layers.

const PREFIX = 'Sensor node - CADCAM';

const header = (comment: string) => [
  `G04 PROTEUS RS274X GERBER FILE*`,
  `G04 ${comment}*`,
  '%FSLAX24Y24*%',
  '%MOIN*%',
  '%ADD10C,0.0100*%',
  '%ADD11C,0.0700*%',
  '%ADD12R,0.0600X0.0800*%',
  '%ADD13C,0.0800*%',
];

// Two through-hole connectors and a row of SMD pads, in inches.
const THT: [number, number][] = [
  [0.3, 0.3],
  [0.4, 0.3],
  [0.5, 0.3],
  [1.5, 1.2],
  [1.6, 1.2],
];
const SMD: [number, number][] = [
  [0.8, 0.9],
  [0.9, 0.9],
  [1.0, 0.9],
  [1.1, 0.9],
];

const xy = ([x, y]: [number, number]) => `X${Math.round(x * 1e4)}Y${Math.round(y * 1e4)}`;
const flash = (d: number, points: [number, number][]) => [
  `D${d}*`,
  ...points.map((point) => `${xy(point)}D03*`),
];
const track = (points: [number, number][]) => [
  'D10*',
  `${xy(points[0]!)}D02*`,
  ...points.slice(1).map((point) => `${xy(point)}D01*`),
];
const file = (lines: string[]) => `${[...lines, 'M02*'].join('\n')}\n`;

export const UNSEEN_BOARD: Record<string, string> = {
  [`${PREFIX} Top Copper.GBR`]: file([
    ...header('Top Copper'),
    ...flash(11, THT),
    ...flash(12, SMD),
    ...track([
      [0.3, 0.3],
      [0.8, 0.9],
    ]),
    ...track([
      [1.1, 0.9],
      [1.5, 1.2],
    ]),
  ]),
  [`${PREFIX} Bottom Copper.GBR`]: file([
    ...header('Bottom Copper'),
    ...flash(11, THT),
    ...track([
      [0.4, 0.3],
      [1.6, 1.2],
    ]),
  ]),
  [`${PREFIX} Top Solder Resist.GBR`]: file([
    ...header('Top Solder Resist'),
    ...flash(13, THT),
    ...flash(12, SMD),
  ]),
  [`${PREFIX} Bottom Solder Resist.GBR`]: file([
    ...header('Bottom Solder Resist'),
    ...flash(13, THT),
  ]),
  [`${PREFIX} Top Silk Screen.GBR`]: file([
    ...header('Top Silk Screen'),
    ...track([
      [0.2, 0.2],
      [0.6, 0.2],
      [0.6, 0.4],
      [0.2, 0.4],
      [0.2, 0.2],
    ]),
  ]),
  [`${PREFIX} Top SMT Paste.GBR`]: file([...header('Top SMT Paste'), ...flash(12, SMD)]),
  [`${PREFIX} Top Assembly.GBR`]: file([
    ...header('Top Assembly'),
    ...track([
      [0.75, 0.8],
      [1.15, 1.0],
    ]),
  ]),
  [`${PREFIX} Mechanical 1.GBR`]: file([
    ...header('Mechanical 1'),
    ...track([
      [0, 0],
      [2, 0],
      [2, 1.5],
      [0, 1.5],
      [0, 0],
    ]),
  ]),
  [`${PREFIX} Drill.TXT`]: [
    'M48',
    'INCH,TZ',
    'T01C0.0400',
    '%',
    'T01',
    ...THT.map(([x, y]) => `X${Math.round(x * 1e4)}Y${Math.round(y * 1e4)}`),
    'M30',
    '',
  ].join('\n'),
  [`${PREFIX} READ-ME.TXT`]: [
    'LABCENTER PROTEUS TOOL INFORMATION FILE',
    '=======================================',
    'Top Copper              : Sensor node - CADCAM Top Copper.GBR',
    '',
  ].join('\n'),
  [`${PREFIX} Netlist.IPC`]: 'P  JOB   Sensor node\nP  UNITS CUST 0\n999\n',
  'FlyingProbeTesting.json': '{"layers":2}\n',
};

/** The board file type each layer file should be put on the board as; absent: not on it. */
export const UNSEEN_BOARD_EXPECTED: Record<string, string> = {
  [`${PREFIX} Top Copper.GBR`]: 'topCopper',
  [`${PREFIX} Bottom Copper.GBR`]: 'bottomCopper',
  [`${PREFIX} Top Solder Resist.GBR`]: 'topMask',
  [`${PREFIX} Bottom Solder Resist.GBR`]: 'bottomMask',
  [`${PREFIX} Top Silk Screen.GBR`]: 'topSilk',
  [`${PREFIX} Top SMT Paste.GBR`]: 'topPaste',
  [`${PREFIX} Top Assembly.GBR`]: 'otherAttachment',
  [`${PREFIX} Mechanical 1.GBR`]: 'outline',
  [`${PREFIX} Drill.TXT`]: 'platedDrill',
};
