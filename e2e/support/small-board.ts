import type { UploadFile } from './api.ts';

// A small two-layer board written here (no fixtures needed), named the way KiCad names its
// files so that upload puts each on the board as its layer. Its size is chosen by the journey,
// e.g. to match the shape of the viewer it is looked at in.

/** Millimetres in the 4.6 format below (micrometre steps). */
const mm = (value: number) => Math.round(value * 1_000_000);

function header(comment: string): string[] {
  return [`G04 ${comment}*`, '%FSLAX46Y46*%', '%MOMM*%'];
}

function outline(width: number, height: number): string {
  return [
    ...header('board outline'),
    '%ADD10C,0.150*%',
    'D10*',
    'X0Y0D02*',
    `X${mm(width)}Y0D01*`,
    `X${mm(width)}Y${mm(height)}D01*`,
    `X0Y${mm(height)}D01*`,
    'X0Y0D01*',
    'M02*',
    '',
  ].join('\n');
}

/** Pads along two edges joined by traces: enough copper to see the board drawn. */
function copper(comment: string, width: number, height: number): string {
  const pads = [0.2, 0.4, 0.6, 0.8].map((share) => ({ x: width * share, y: height * 0.2 }));
  const lines = [...header(comment), '%ADD11R,1.600X1.600*%', '%ADD12C,0.400*%', 'D11*'];
  for (const pad of pads) lines.push(`X${mm(pad.x)}Y${mm(pad.y)}D03*`);
  for (const pad of pads) lines.push(`X${mm(pad.x)}Y${mm(height * 0.8)}D03*`);
  lines.push('D12*');
  for (const pad of pads) {
    lines.push(`X${mm(pad.x)}Y${mm(pad.y)}D02*`, `X${mm(pad.x)}Y${mm(height * 0.8)}D01*`);
  }
  lines.push('M02*', '');
  return lines.join('\n');
}

/** Solder mask openings over the pads; the rest of the side is covered by the mask. */
function mask(comment: string, width: number, height: number): string {
  const lines = [...header(comment), '%ADD13R,2.000X2.000*%', 'D13*'];
  for (const share of [0.2, 0.4, 0.6, 0.8]) {
    lines.push(`X${mm(width * share)}Y${mm(height * 0.2)}D03*`);
    lines.push(`X${mm(width * share)}Y${mm(height * 0.8)}D03*`);
  }
  lines.push('M02*', '');
  return lines.join('\n');
}

function drill(width: number, height: number): string {
  const holes = [0.2, 0.4, 0.6, 0.8].flatMap((share) => [
    `X${(width * share).toFixed(3)}Y${(height * 0.2).toFixed(3)}`,
    `X${(width * share).toFixed(3)}Y${(height * 0.8).toFixed(3)}`,
  ]);
  return ['M48', 'METRIC', 'T1C0.800', '%', 'T1', ...holes, 'M30', ''].join('\n');
}

export function smallBoard(name: string, widthMm: number, heightMm: number): UploadFile[] {
  const file = (suffix: string, text: string) => ({
    name: `${name}-${suffix}`,
    content: Buffer.from(text),
  });
  return [
    file('F_Cu.gbr', copper('top copper', widthMm, heightMm)),
    file('F_Mask.gbr', mask('top solder mask', widthMm, heightMm)),
    file('B_Cu.gbr', copper('bottom copper', widthMm, heightMm)),
    file('B_Mask.gbr', mask('bottom solder mask', widthMm, heightMm)),
    file('Edge_Cuts.gbr', outline(widthMm, heightMm)),
    file('PTH.drl', drill(widthMm, heightMm)),
  ];
}
