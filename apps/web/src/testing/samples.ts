import type { BoardFile, Product, ProductFile, ProductPage, Project } from '@circuits/contracts';
import { PRODUCT_FILE_TYPES } from '@circuits/domain';

// Server answers for component tests of the workspace and product views, shaped by the contracts.

const CREATED = '2026-11-20T09:30:00.000Z';

export function sampleProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 11,
    title: 'Weather station',
    description: 'Outdoor sensor node',
    markedColor: '#4ab2e3',
    imgLink: null,
    cover: null,
    visible: true,
    comp: { id: 3, name: 'Northwind Electronics' },
    canEdit: true,
    assemblies: [],
    products: [],
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

export function sampleProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 21,
    project_id: 11,
    assembly_id: null,
    name: 'Main board',
    partNumber: 'WS-100',
    imgLink: null,
    cover: null,
    visible: true,
    job: null,
    notes: null,
    description: null,
    odoo_products: [],
    created_at: CREATED,
    updated_at: CREATED,
    ...overrides,
  };
}

export function sampleFile(id: number, name: string, typeId: number): ProductFile {
  return {
    id,
    name,
    description: null,
    type_id: typeId,
    size: 2048,
    isSmallSize: true,
    guess: null,
    link: `/storage/files/${id}?sig=a`,
    downloadLink: `/storage/files/${id}?sig=a&download=1`,
    created_at: CREATED,
  };
}

export function sampleBoardFile(file: ProductFile, fileType: BoardFile['file_type']): BoardFile {
  return {
    id: file.id + 100,
    product_file_id: file.id,
    file_type: fileType,
    color: null,
    isVisible: true,
    layer_number: null,
    guess: null,
    file: { name: file.name, size: file.size, link: file.link, downloadLink: file.downloadLink },
  };
}

export function sampleProductPage(overrides: Partial<ProductPage> = {}): ProductPage {
  const {
    assemblies: _assemblies,
    products: _products,
    created_at: _c,
    updated_at: _u,
    ...project
  } = sampleProject();
  return {
    product: sampleProduct(),
    project,
    files: [],
    files_types: PRODUCT_FILE_TYPES.map(({ id, name }) => ({ id, name })),
    settings: null,
    settingsFromFiles: false,
    boardAnalysis: null,
    boardFiles: [],
    orders: [],
    bom: [],
    placements: [],
    placementOffset: { x: 0, y: 0 },
    cache: { hash: null, file_path: null },
    canEdit: true,
    ...overrides,
  };
}
