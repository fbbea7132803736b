import { addProduct, addProject, getBoardCacheByStamp, getProduct } from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { type FormFile, form } from '../../../test/uploads.ts';

// Boards that lack something, uploaded and rendered through the API as a user's browser does:
// holes only, no drill file, no outline but a drawing frame plotted with the copper.

/** Millionths of a millimetre, as the 4.6 coordinate format writes them. */
const at = (x: number, y: number) => `X${Math.round(x * 1e6)}Y${Math.round(y * 1e6)}`;

function gerber(...body: string[]): string {
  return ['%FSLAX46Y46*%', '%MOMM*%', ...body, 'M02*', ''].join('\n');
}

function rectangle(x: number, y: number, w: number, h: number): string[] {
  return [
    `${at(x, y)}D02*`,
    `${at(x + w, y)}D01*`,
    `${at(x + w, y + h)}D01*`,
    `${at(x, y + h)}D01*`,
    `${at(x, y)}D01*`,
  ];
}

// Four 1 mm holes on a 40 × 20 mm pitch.
const DRILL = [
  'M48',
  'METRIC',
  'T1C1.000',
  '%',
  'G90',
  'T1',
  'X10.0Y10.0',
  'X50.0Y10.0',
  'X50.0Y30.0',
  'X10.0Y30.0',
  'M30',
  '',
].join('\n');

// Pads over the holes and a track between two of them.
const PADS = [
  '%ADD10C,2*%',
  'D10*',
  ...[at(10, 10), at(50, 10), at(50, 30), at(10, 30)].map((p) => `${p}D03*`),
];
const TRACK = ['%ADD11C,0.3*%', 'D11*', `${at(10, 10)}D02*`, `${at(50, 10)}D01*`];
const COPPER = gerber(...PADS, ...TRACK);
const OUTLINE = gerber('%ADD12C,0.1*%', 'D12*', ...rectangle(0, 0, 60, 40));
// An A4 drawing frame with its title block, plotted on the copper as some CAD tools do.
const FRAMED_COPPER = gerber(
  ...PADS,
  ...TRACK,
  '%ADD13C,0.25*%',
  'D13*',
  ...rectangle(-100, -80, 297, 210),
  ...rectangle(117, -80, 80, 30),
);

type StoredRender = {
  top: { svg: string; viewBox: number[] };
  bottom: { svg: string; viewBox: number[] };
  widthMm: number | null;
  lengthMm: number | null;
  boardShape: string;
  warnings: { filename: string | null; message: string }[];
};

describe.each(databaseKinds())('boards without something, rendered on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;

  /** Uploads the files as a new product, then renders its board as saved; answers the render. */
  async function uploadAndRender(name: string, files: Record<string, string>) {
    const token = people.acme.editor.token;
    const uploaded: FormFile[] = Object.entries(files).map(([file, data]) => ({
      field: 'files[]',
      name: file,
      data,
    }));
    const added = await server().call(addProduct, {
      token,
      params: { id: projectId },
      form: form({ name }, uploaded),
    });
    expect(added.status, added.text).toBe(201);
    const id = added.data.data.id;
    const answer = await server().call(getBoardCacheByStamp, {
      token,
      params: { id },
      body: {},
    });
    expect(answer.status, answer.text).toBe(200);
    const stored = await server().request('GET', answer.data.cache!.file_path!, { token });
    expect(stored.status).toBe(200);
    const page = await server().call(getProduct, { token, params: { id } });
    return { render: stored.json as StoredRender, page: page.data };
  }

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: people.acme.editor.token,
      form: form({ title: 'Boards without something' }),
    });
    projectId = project.data.data.id;
  });

  it('draws the holes of a drill-only upload', async () => {
    const { render, page } = await uploadAndRender('Holes only', { 'holes.drl': DRILL });
    expect(page.boardFiles.map((file) => file.file_type)).toEqual(['platedDrill']);
    // The picture spans the holes (10 to 50 mm by 10 to 30 mm, and their 0.5 mm radius).
    expect(render.top.viewBox).toEqual([9500, -30500, 41000, 21000]);
    expect(render.bottom.viewBox).toEqual(render.top.viewBox);
    // Drawn, not cut out of a board that is not there.
    expect(render.top.svg).toMatch(/<use href='#top-drill' fill='#cccccc'/);
    expect(render.top.svg.match(/<circle|<path/g)?.length).toBeGreaterThan(0);
    expect(render).toMatchObject({ widthMm: null, lengthMm: null, boardShape: 'none' });
    expect(render.warnings).toContainEqual({
      filename: null,
      message: 'no board outline and no copper: the board size is unknown',
    });
  });

  it('says the holes are not shown when the set has no drill file, and not when it has one', async () => {
    const without = await uploadAndRender('No drill file', {
      'board-F_Cu.gbr': COPPER,
      'board-Edge_Cuts.gbr': OUTLINE,
    });
    expect(without.render).toMatchObject({ widthMm: 60, lengthMm: 40, boardShape: 'outline' });
    expect(without.render.warnings).toEqual([
      { filename: null, message: 'no drill file: holes are not shown' },
    ]);
    const withDrill = await uploadAndRender('With drill file', {
      'board-F_Cu.gbr': COPPER,
      'board-Edge_Cuts.gbr': OUTLINE,
      'board.drl': DRILL,
    });
    expect(withDrill.render.warnings).toEqual([]);
    expect(withDrill.render.top.svg).toContain("mask='url(#top-holes)'");
  });

  it('takes the size of a board without outline from its copper, not from a drawing frame around it', async () => {
    const { render, page } = await uploadAndRender('Framed', {
      'board-F_Cu.gbr': FRAMED_COPPER,
      'board.drl': DRILL,
    });
    // The pads span 9 to 51 mm by 9 to 31 mm; the frame is 297 × 210 mm.
    expect(render).toMatchObject({ boardShape: 'copper-extent', widthMm: 42, lengthMm: 22 });
    expect(render.top.viewBox).toEqual([9000, -31000, 42000, 22000]);
    expect(render.warnings.map(({ message }) => message)).toEqual([
      'no closed board outline: the board shape is the extent of the copper layers, without the frame or title block they draw around the board',
    ]);
    expect(page.boardAnalysis).toMatchObject({ widthMm: 42, lengthMm: 22, sizeFrom: 'layers' });
  });
});
