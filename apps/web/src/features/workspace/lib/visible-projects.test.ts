import type { ProductSummary, Project } from '@circuits/contracts';
import { describe, expect, it } from 'vitest';
import { countHidden, listProjects } from './visible-projects.ts';

const NOW = '2026-11-22T10:00:00.000Z';

function product(id: number, name: string, overrides: Partial<ProductSummary> = {}) {
  return {
    id,
    name,
    partNumber: `PN-${id}`,
    imgLink: null,
    visible: true,
    project_id: 1,
    assembly_id: null,
    updated_at: NOW,
    ...overrides,
  } satisfies ProductSummary;
}

function project(id: number, title: string, overrides: Partial<Project> = {}): Project {
  return {
    id,
    title,
    description: null,
    markedColor: '#4ae387',
    imgLink: null,
    cover: null,
    visible: true,
    comp: { id: 3, name: 'Northwind Electronics' },
    canEdit: true,
    assemblies: [],
    products: [],
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

const weather = project(1, 'Weather station', {
  description: 'Outdoor sensor node',
  products: [product(11, 'Sensor board'), product(12, 'Old sensor', { visible: false })],
  assemblies: [
    {
      id: 5,
      title: 'Power',
      hidden: false,
      products: [product(13, 'Charger', { assembly_id: 5, partNumber: 'CHG-7' })],
    },
    { id: 6, title: 'Retired', hidden: true, products: [product(14, 'Solar')] },
  ],
});
const archive = project(2, 'Archive', { visible: false, products: [product(21, 'Legacy')] });

describe('listProjects', () => {
  it('leaves hidden projects, assemblies and products out unless asked', () => {
    const listed = listProjects([weather, archive], { search: '', showHidden: false });
    expect(listed.map((entry) => entry.project.title)).toEqual(['Weather station']);
    expect(listed[0]?.products.map((entry) => entry.name)).toEqual(['Sensor board']);
    expect(listed[0]?.assemblies.map((entry) => entry.assembly.title)).toEqual(['Power']);
    expect(listed[0]?.productCount).toBe(2);

    const all = listProjects([weather, archive], { search: '', showHidden: true });
    expect(all.map((entry) => entry.project.title)).toEqual(['Weather station', 'Archive']);
    expect(all[0]?.productCount).toBe(4);
  });

  it('finds projects by title or description, with all their products', () => {
    const byTitle = listProjects([weather, archive], { search: '  WEATHER ', showHidden: false });
    expect(byTitle).toHaveLength(1);
    expect(byTitle[0]?.productCount).toBe(2);
    expect(listProjects([weather], { search: 'outdoor', showHidden: false })).toHaveLength(1);
  });

  it('finds products by name or part number, listing only those', () => {
    const [entry] = listProjects([weather, archive], { search: 'chg-7', showHidden: false });
    expect(entry?.project.title).toBe('Weather station');
    expect(entry?.products).toEqual([]);
    expect(entry?.assemblies.map((item) => item.products.map((p) => p.name))).toEqual([
      ['Charger'],
    ]);
    expect(
      listProjects([weather, archive], { search: 'nothing like it', showHidden: true }),
    ).toEqual([]);
  });
});

describe('countHidden', () => {
  it('counts hidden projects, assemblies and products', () => {
    expect(countHidden([weather, archive])).toBe(3);
  });
});
