import fs from 'node:fs';
import path from 'node:path';
import {
  addProduct,
  addProject,
  getBoardCacheByStamp,
  getBoardDfm,
  sendProductReport,
} from '@circuits/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { databaseKinds, useTestServer } from '../../../test/test-server.ts';
import { FIXTURES_DIR, type FormFile, form } from '../../../test/uploads.ts';

// The design-for-manufacture check runs in the render worker with the render, is kept with it,
// and is read through the board's API classed for the board's settings; the issue checker lists
// each failing check.

const HEAD =
  '%FSLAX46Y46*%\n%MOMM*%\n%LPD*%\n%ADD10C,0.250000*%\n%ADD11C,0.800000*%\n%ADD12C,0.050000*%\n';
const mm = (value: number) => Math.round(value * 1_000_000);

/** Top copper: two vias joined by a 0.25 mm track, and a 0.05 mm track nothing else can make. */
const TOP = [
  HEAD,
  'D11*',
  `X${mm(10)}Y${mm(10)}D03*`,
  `X${mm(20)}Y${mm(10)}D03*`,
  'D10*',
  `X${mm(10)}Y${mm(10)}D02*`,
  `X${mm(20)}Y${mm(10)}D01*`,
  'D12*',
  `X${mm(5)}Y${mm(20)}D02*`,
  `X${mm(25)}Y${mm(20)}D01*`,
  'M02*',
  '',
].join('\n');
/** Bottom copper: the vias' pads, and none at the third hole. */
const BOTTOM = [
  HEAD,
  'D11*',
  `X${mm(10)}Y${mm(10)}D03*`,
  `X${mm(20)}Y${mm(10)}D03*`,
  'M02*',
  '',
].join('\n');
const OUTLINE = [
  HEAD,
  'D10*',
  `X0Y0D02*`,
  `X${mm(30)}Y0D01*`,
  `X${mm(30)}Y${mm(30)}D01*`,
  `X0Y${mm(30)}D01*`,
  'X0Y0D01*',
  'M02*',
  '',
].join('\n');
/** Plated: the two vias (0.4 mm in 0.8 mm pads) and a third hole with no copper around it. */
const DRILL = [
  'M48',
  'METRIC',
  'T1C0.400',
  '%',
  'G90',
  'G05',
  'T1',
  'X10.0Y10.0',
  'X20.0Y10.0',
  'X15.0Y25.0',
  'M30',
  '',
].join('\n');

const GENERATED: FormFile[] = Object.entries({
  'gen-F_Cu.gbr': TOP,
  'gen-B_Cu.gbr': BOTTOM,
  'gen-Edge_Cuts.gbr': OUTLINE,
  'gen-PTH.drl': DRILL,
}).map(([name, data]) => ({ field: 'files[]', name, data }));

function fixtureFiles(folder: string): FormFile[] {
  const root = path.join(FIXTURES_DIR, folder);
  return fs
    .readdirSync(root)
    .filter((name) => name !== 'SOURCE.md')
    .map((name) => ({
      field: 'files[]',
      name,
      data: new Uint8Array(fs.readFileSync(path.join(root, name))),
    }));
}

describe.each(databaseKinds())('the board DFM check through the API on %s', (kind) => {
  const server = useTestServer(kind);
  let people: People;
  let projectId: number;
  const token = () => people.acme.editor.token;

  beforeAll(async () => {
    people = await createPeople(server());
    const project = await server().call(addProject, {
      token: token(),
      form: form({ title: 'DFM' }),
    });
    projectId = project.data.data.id;
  });

  async function newProduct(name: string, files: FormFile[]): Promise<number> {
    const created = await server().call(addProduct, {
      token: token(),
      params: { id: projectId },
      form: form({ name, partNumber: 'DFM-1' }, files),
    });
    expect(created.status, created.text).toBe(201);
    return created.data.data.id;
  }

  const dfmOf = (id: number, as = token()) =>
    server().call(getBoardDfm, { token: as, params: { id } });

  it('checks a real board with its render, under the render stamp', async () => {
    const id = await newProduct('Arduino', fixtureFiles('gerber/arduino-uno'));
    const response = await dfmOf(id);
    expect(response.status, response.text).toBe(200);
    const result = response.data;
    const stamp = await server().call(getBoardCacheByStamp, {
      token: token(),
      params: { id },
      body: { render: false },
    });
    expect(result.hash).toBe(stamp.data.hash);
    expect(result.status).toBe('checked');
    expect(result.checks.map((check) => check.check).sort()).toEqual([
      'annular-ring',
      'aspect-ratio',
      'breakout',
      'clearance',
      'copper-to-edge',
      'drill-size',
      'hole-to-hole',
      'slot-width',
      'track-width',
    ]);
    const worst = Object.fromEntries(result.checks.map((check) => [check.check, check.worst]));
    // The Arduino Uno's thinnest track is 0.0991 mm (3.9 mil) and its smallest drill 0.6096 mm (24 mil).
    expect(worst['track-width']).toBeCloseTo(0.0991, 3);
    expect(worst['drill-size']).toBeCloseTo(0.6096, 3);
    expect(result.verdict).toBe('advanced');
    expect(result.reasons.map((reason) => reason.text)).toContain('0.099 mm track: advanced class');
    // Read again: the stored check, the same answer.
    expect((await dfmOf(id)).data).toEqual(result);
  });

  it('finds a too-thin track and a plated hole without a ring, and the issue list says so', async () => {
    const id = await newProduct('Generated', GENERATED);
    const { data: result } = await dfmOf(id);
    expect(result.status).toBe('checked');
    expect(result.verdict).toBe('cannot-be-made');
    const byCheck = Object.fromEntries(result.checks.map((check) => [check.check, check]));
    const [thin] = byCheck['track-width']!.findings;
    expect(thin?.value).toBeCloseTo(0.05, 6);
    expect(thin?.layer).toBe('gen-F_Cu.gbr');
    expect(thin?.y).toBeCloseTo(20, 6);
    const breakouts = byCheck.breakout!.findings.map((finding) => [
      finding.layer,
      finding.x,
      finding.y,
      finding.detail,
    ]);
    expect(breakouts.sort()).toEqual([
      ['gen-B_Cu.gbr', 15, 25, 'no copper around the plated hole'],
      ['gen-F_Cu.gbr', 15, 25, 'no copper around the plated hole'],
    ]);
    const [ring] = byCheck['annular-ring']!.findings;
    expect(ring).toBeUndefined();
    expect(byCheck['annular-ring']!.worst).toBeCloseTo(0.2, 6);
    expect(result.reasons.map((reason) => reason.text).sort()).toEqual([
      '0.05 mm track: beyond the advanced class',
      'hole breaking out of its pad: beyond the advanced class',
    ]);

    const report = await server().call(sendProductReport, {
      token: token(),
      params: { id },
      query: { email: people.acme.editor.email },
    });
    const dfmIssues = report.data.issues.filter((issue) => issue.text.startsWith('DFM: '));
    expect(dfmIssues.map((issue) => [issue.tab, issue.text])).toEqual([
      [
        'Board',
        'DFM: 1 track thinner than 0.127 mm (thinnest 0.05 mm): beyond what the board house makes',
      ],
      [
        'Board',
        'DFM: a plated hole without a full ring of copper in 2 places: beyond what the board house makes',
      ],
    ]);
  });

  it('answers 401 without a token and 404 for another company', async () => {
    const id = await newProduct('Private', GENERATED);
    expect((await server().request('GET', `/api/v2/products/${id}/board/dfm`)).status).toBe(401);
    expect((await dfmOf(id, people.globex.editor.token)).status).toBe(404);
  });
});
