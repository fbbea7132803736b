import { addProduct, addProductFiles, addProject } from '@circuits/contracts';
import { expect } from 'vitest';
import type { TestServer } from './test-server.ts';
import { form } from './uploads.ts';

// Products with BOM and placement files, and the generated tables the limits and availability
// tests read: large but realistic BOMs (a catalogue-like mix of parts) and placement files.

/** A project of the editor's company to put test products in; answers its id. */
export async function newProject(server: TestServer, token: string): Promise<number> {
  const project = await server.call(addProject, { token, form: form({ title: 'Assemblies' }) });
  return project.data.data.id;
}

/** A new product with these files; answers its id and the ids of its files by name. */
export async function productWithFiles(
  server: TestServer,
  token: string,
  projectId: number,
  files: { name: string; data: string | Uint8Array }[],
  name = 'Board',
): Promise<{ id: number; fileIds: Record<string, number> }> {
  const created = await server.call(addProduct, {
    token,
    params: { id: projectId },
    form: form({ name, partNumber: 'ASM-1' }),
  });
  expect(created.status, created.text).toBe(201);
  const id = created.data.data.id;
  const fileIds: Record<string, number> = {};
  if (files.length > 0) {
    const added = await server.call(addProductFiles, {
      token,
      params: { id },
      form: form(
        {},
        files.map((file) => ({ field: 'files', ...file })),
      ),
    });
    expect(added.status, added.text).toBe(201);
    for (const file of added.data.files) fileIds[file.name] = file.id;
  }
  return { id, fileIds };
}

const VALUES = ['10k', '4k7', '100R', '1k', '22R', '100n', '1u', '10u', '22p', '4u7'];
const PACKAGES = ['0402', '0603', '0805'];

/** A BOM of `lines` lines, one designator each, as CAD tools export them. */
export function bomCsv(lines: number): string {
  const out = ['Designator,Qty,Value,Footprint,MPN,Manufacturer'];
  for (let i = 1; i <= lines; i += 1) {
    const value = VALUES[i % VALUES.length]!;
    const prefix = /[nup]$/.test(value) ? 'C' : 'R';
    out.push(
      `${prefix}${i},1,${value},${prefix}_${PACKAGES[i % PACKAGES.length]},PN-${i % 997}-${i},Maker ${i % 13}`,
    );
  }
  return `${out.join('\n')}\n`;
}

/** A placement file of `rows` placements in millimetres, both sides. */
export function placementCsv(rows: number): string {
  const out = ['Designator,Mid X,Mid Y,Layer,Rotation'];
  for (let i = 1; i <= rows; i += 1)
    out.push(`R${i},${(i % 300) / 2},${Math.floor(i / 300) / 2},${i % 3 ? 'top' : 'bottom'},90`);
  return `${out.join('\n')}\n`;
}
