import fs from 'node:fs';
import path from 'node:path';
import { addProductFiles } from '@circuits/contracts';
import { PRODUCT_FILE_TYPE_IDS } from '@circuits/domain';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { newProject, productWithFiles } from '../../../test/assembly-files.ts';
import { createPeople, type People } from '../../../test/fixtures.ts';
import { useTestServer } from '../../../test/test-server.ts';
import { FIXTURES_DIR, form, zip } from '../../../test/uploads.ts';

// The real BOM, placement and parts-catalogue files of ../shared/fixtures/assembly-corpus (16
// projects, 13 CAD tools), uploaded as a user would: every BOM is typed BOM and every placement
// file Pick & Place, by name and content together and by content alone (neutral names), and
// nothing else is typed either. SOURCE.md's "kind" column is the answer key.

const CORPUS = path.join(FIXTURES_DIR, 'assembly-corpus');
const present = fs.existsSync(path.join(CORPUS, 'SOURCE.md'));

type Kind = 'bom' | 'placement' | 'catalogue';
type CorpusFile = { file: string; kind: Kind };

function corpusFiles(): CorpusFile[] {
  return fs
    .readFileSync(path.join(CORPUS, 'SOURCE.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| file'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => ({ file: cells[1]!, kind: cells[2] as Kind }))
    .filter(({ kind }) => kind === 'bom' || kind === 'placement' || kind === 'catalogue');
}

const expectedType = (kind: Kind) =>
  kind === 'bom'
    ? PRODUCT_FILE_TYPE_IDS.bom
    : kind === 'placement'
      ? PRODUCT_FILE_TYPE_IDS.pickAndPlace
      : 'neither BOM nor Pick & Place';

const typeName = (typeId: number) =>
  typeId === PRODUCT_FILE_TYPE_IDS.bom
    ? PRODUCT_FILE_TYPE_IDS.bom
    : typeId === PRODUCT_FILE_TYPE_IDS.pickAndPlace
      ? PRODUCT_FILE_TYPE_IDS.pickAndPlace
      : 'neither BOM nor Pick & Place';

if (!present) console.info(`assembly corpus detection skipped: ${CORPUS} not found`);

describe.skipIf(!present)('recognition of the assembly corpus on upload', () => {
  const server = useTestServer('pglite');
  let people: People;
  let projectId: number;

  beforeAll(async () => {
    people = await createPeople(server());
    projectId = await newProject(server(), people.acme.editor.token);
  });

  async function upload(files: { name: string; data: Uint8Array }[]) {
    const { id } = await productWithFiles(server(), people.acme.editor.token, projectId, []);
    const response = await server().call(addProductFiles, {
      token: people.acme.editor.token,
      params: { id },
      form: form(
        { isAutoDetect: 'true', isUnzipFlag: 'true' },
        files.map((file) => ({ field: 'files', ...file })),
      ),
    });
    expect(response.status, response.text).toBe(201);
    return response.data.files;
  }

  const score = async (named: (file: CorpusFile, index: number) => string) => {
    const files = corpusFiles();
    const uploaded = await upload(
      files.map((file, index) => ({
        name: named(file, index),
        data: new Uint8Array(fs.readFileSync(path.join(CORPUS, file.file))),
      })),
    );
    expect(uploaded).toHaveLength(files.length);
    const actual = Object.fromEntries(
      files.map((file, index) => [file.file, typeName(uploaded[index]!.type_id)]),
    );
    const expected = Object.fromEntries(files.map((file) => [file.file, expectedType(file.kind)]));
    const right = files.filter((file) => actual[file.file] === expected[file.file]).length;
    console.info(`assembly corpus recognised right: ${right} of ${files.length}`);
    return { actual, expected };
  };

  it('types every BOM and placement file by its name and content, and nothing else', async () => {
    const { actual, expected } = await score((file) => path.basename(file.file));
    expect(actual).toEqual(expected);
  });

  it('types them by content alone under neutral names', async () => {
    const { actual, expected } = await score(
      (file, index) => `upload-${index}${path.extname(file.file)}`,
    );
    expect(actual).toEqual(expected);
  });

  it('says why a file is not recognised', async () => {
    const [file] = await upload([
      { name: 'notes.dat', data: new TextEncoder().encode('Name,Colour\nBoard,green\nLid,red\n') },
    ]);
    expect(file!.type_id).toBe(PRODUCT_FILE_TYPE_IDS.initial);
    expect(file!.guess?.reason).toMatch(
      /^not recognised: text that is not Gerber or Excellon, and no row of its first 60 names a designator column/,
    );
  });

  it('recognises an EasyEDA board (UTF-16 BOM and pick-and-place) zipped with its Gerbers', async () => {
    const folder = path.join(CORPUS, 'sodiumlb__ocula-hardware');
    const gerbers = unzipSync(
      new Uint8Array(fs.readFileSync(path.join(folder, 'Gerber_ocula-1.1_PCB_ocula_1.1.zip'))),
    );
    const archive = zip({
      ...Object.fromEntries(
        Object.entries(gerbers).map(([name, data]) => [`ocula/gerber/${name}`, data]),
      ),
      'ocula/BOM_ocula-1.1.csv': fs.readFileSync(path.join(folder, 'BOM_ocula-1.1.csv')),
      'ocula/PickAndPlace_PCB_ocula_1.1.csv': fs.readFileSync(
        path.join(folder, 'PickAndPlace_PCB_ocula_1.1.csv'),
      ),
    });
    const files = await upload([{ name: 'ocula.zip', data: archive }]);
    const types = Object.fromEntries(files.map((file) => [file.name, file.type_id]));
    expect(types['BOM_ocula-1.1.csv']).toBe(PRODUCT_FILE_TYPE_IDS.bom);
    expect(types['PickAndPlace_PCB_ocula_1.1.csv']).toBe(PRODUCT_FILE_TYPE_IDS.pickAndPlace);
    expect(types['Gerber_TopLayer.GTL']).toBe(PRODUCT_FILE_TYPE_IDS.gerber);
    expect(types['Drill_PTH_Through.DRL']).toBe(PRODUCT_FILE_TYPE_IDS.gerber);
  });
});
