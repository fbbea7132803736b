import type { BomRow, ParsedBom } from '@circuits/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeServer } from '../../../testing/fake-server.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { sampleFile } from '../../../testing/samples.ts';
import { BomTab } from './bom-tab.tsx';

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
  vi.stubGlobal('fetch', server.fetch);
  // jsdom lays nothing out: give the virtual table's scroll box a size so its rows render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1400);
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const bomFile = sampleFile(4, 'board-bom.csv', 4);

function bomRow(id: number, overrides: Partial<BomRow> = {}): BomRow {
  return {
    id,
    part_id: null,
    part_number: `PN-${id}`,
    manufacturer: null,
    value: '10k',
    footprint: '0402',
    description: null,
    quantity: 2,
    supplierParts: [],
    confirmed_by: null,
    confirmed_by_name: null,
    custWillSupply: false,
    substitutions_rows: [],
    refDesign: [
      { refDesign: `R${id}`, doNotPopulate: false },
      { refDesign: `R${id + 100}`, doNotPopulate: false },
    ],
    product_file_id: 4,
    line: id + 1,
    part_info: null,
    match: { status: 'none', basis: null, confidence: null, reason: null },
    confirmed: false,
    suggestions: [],
    ...overrides,
  };
}

function parsedRow(line: number): ParsedBom['rows'][number] {
  return {
    line,
    refDesign: [{ refDesign: `R${line}`, doNotPopulate: false }],
    quantity: 1,
    partNumber: `PN-${line}`,
    manufacturer: null,
    value: null,
    footprint: null,
    description: null,
    supplierParts: [],
    match: null,
    linked: false,
    matchReason: null,
    quantityMismatch: false,
  };
}

function parsed(overrides: Partial<ParsedBom> = {}): ParsedBom {
  return {
    read_id: 31,
    totalRows: 1,
    matchedRows: 0,
    proposedRows: 0,
    totalWarnings: 1,
    file_id: 4,
    fileName: 'board-bom.csv',
    source: {
      kind: 'text',
      encoding: 'utf-8',
      delimiter: ',',
      format: null,
      sheet: null,
      sheets: [],
    },
    headerLine: 3,
    columns: [
      { index: 0, header: 'Parts', field: 'designator', confidence: 'high', basis: 'header' },
      { index: 1, header: 'Stuff', field: 'partNumber', confidence: 'low', basis: 'content' },
      { index: 2, header: 'Count', field: null, confidence: null, basis: null },
    ],
    needsConfirmation: true,
    rows: [
      {
        line: 4,
        refDesign: [
          { refDesign: 'R1', doNotPopulate: false },
          { refDesign: 'R2', doNotPopulate: true },
        ],
        quantity: 3,
        partNumber: 'RC0402FR-0710KL',
        manufacturer: null,
        value: null,
        footprint: null,
        description: null,
        supplierParts: [],
        match: null,
        linked: false,
        matchReason: null,
        quantityMismatch: true,
      },
    ],
    warnings: [{ type: 'quantity-mismatch', line: 4, message: 'Quantity 3 but 2 designators' }],
    ...overrides,
  };
}

describe('BomTab', () => {
  it('offers the import when the product has no BOM', () => {
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[]} canEdit />);
    expect(screen.getByText('No bill of materials yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import a BOM' })).toBeTruthy();
  });

  it('tells a read-only member who imports it', () => {
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[]} canEdit={false} />);
    expect(screen.queryByRole('button', { name: 'Import a BOM' })).toBeNull();
    expect(screen.getByText(/A colleague who can edit the company imports the BOM/)).toBeTruthy();
  });

  it('reads the file, asks for the guessed columns and reads it again as mapped', async () => {
    const sent: FormData[] = [];
    server.on('POST', '/api/products/21/bom/parseExisted', (request) => {
      const form = request.body as FormData;
      sent.push(form);
      return {
        status: 200,
        body: { parsed: parsed(form.has('mapping') ? { needsConfirmation: false } : {}) },
      };
    });
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[]} canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Import a BOM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns of the BOM' });
    expect(sent[0]?.get('file_id')).toBe('4');
    expect(within(dialog).getByText('guessed')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Count holds' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Quantity' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Read with these columns' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(JSON.parse(String(sent[1]?.get('mapping')))).toEqual({
      designator: 0,
      partNumber: 1,
      quantity: 2,
    });
    const preview = await screen.findByTestId('bom-preview');
    expect(within(preview).getByText('Line 4: Quantity 3 but 2 designators')).toBeTruthy();
    expect(within(preview).getByText('R1, R2 (DNP)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save 1 rows' })).toBeTruthy();
  }, 30_000);

  it('after a read error shows the first rows, to choose the header and columns, and reads again', async () => {
    const sent: FormData[] = [];
    server.on('POST', '/api/products/21/bom/parseExisted', (request) => {
      const form = request.body as FormData;
      sent.push(form);
      return form.has('headerLine')
        ? { status: 200, body: { parsed: parsed({ needsConfirmation: false }) } }
        : {
            status: 422,
            body: {
              error: { file_id: '"bom.csv" cannot be read as a BOM: No header row found.' },
              code: 'validation_failed',
            },
          };
    });
    server.on('GET', '/api/products/21/files/4/firstRows', {
      status: 200,
      body: {
        data: {
          file_id: 4,
          fileName: 'bom.csv',
          source: {
            kind: 'text',
            format: null,
            sheet: null,
            sheets: [],
            encoding: 'utf-8',
            delimiter: ',',
          },
          rows: [
            { line: 1, cells: ['Board BOM'] },
            { line: 2, cells: ['Refs', 'Count', 'Order code'] },
            { line: 3, cells: ['R1', '1', 'RC0402'] },
          ],
        },
      },
    });
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[]} canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Import a BOM' }));
    const chooser = await screen.findByTestId('file-header-chooser');
    expect(within(chooser).getByText('Order code')).toBeTruthy();
    await userEvent.click(within(chooser).getByRole('radio', { name: 'The header is line 2' }));
    await userEvent.click(within(chooser).getByRole('combobox', { name: 'Column 1 holds' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Designators' }));
    await userEvent.click(
      within(chooser).getByRole('button', {
        name: 'Read again with this header and these columns',
      }),
    );
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.get('headerLine')).toBe('2');
    expect(JSON.parse(String(sent[1]?.get('mapping')))).toEqual({ designator: 0 });
    expect(await screen.findByTestId('bom-preview')).toBeTruthy();
  }, 30_000);

  it('saves the rows read, as read', async () => {
    server.on('POST', '/api/products/21/bom/parseExisted', {
      status: 200,
      body: { parsed: parsed({ needsConfirmation: false }) },
    });
    server.on('POST', '/api/products/21/bom/fromFile', {
      status: 201,
      body: { data: [bomRow(1)], total: 1, matched: 0, warnings: [] },
    });
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[]} canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Import a BOM' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save 1 rows' }));
    await waitFor(() =>
      expect(server.requests.some((request) => request.url.endsWith('/bom/fromFile'))).toBe(true),
    );
    const saved = server.requests.find((request) => request.url.endsWith('/bom/fromFile'));
    // The read kept on the server is saved: the rows do not travel back.
    expect(saved?.body).toEqual({ file_id: 4, replace: true, data: { read_id: 31 } });
  });

  it('pages through a large read: the first rows came with it, the others are asked for', async () => {
    server.on('POST', '/api/products/21/bom/parseExisted', {
      status: 200,
      body: {
        parsed: parsed({
          needsConfirmation: false,
          totalRows: 20_000,
          rows: Array.from({ length: 50 }, (_, i) => parsedRow(i + 4)),
        }),
      },
    });
    let pages = 0;
    server.on('GET', '/api/products/21/bom/reads/31/rows', (request) => {
      pages += 1;
      const offset = Number(new URL(request.url, 'http://x').searchParams.get('offset'));
      if (pages === 1)
        return { status: 503, body: { error: 'Try later', code: 'service_unavailable' } };
      return {
        status: 200,
        body: {
          rows: Array.from({ length: 20 }, (_, i) => parsedRow(offset + i + 4)),
          offset,
          total: 20_000,
        },
      };
    });
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[]} canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Import a BOM' }));
    expect(await screen.findByText('Rows 1–20 of 20,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save 20,000 rows' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('PN-24')).toBeTruthy();
    expect(pages).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Rows 19,981–20,000 of 20,000')).toBeTruthy();
    expect(await screen.findByTestId('bom-page-error')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('PN-19984')).toBeTruthy();
    expect(pages).toBe(2);
  }, 30_000);

  it('confirms every unconfirmed row shown at once', async () => {
    server.on('POST', '/api/products/21/bom/save', {
      status: 200,
      body: { data: [bomRow(1, { confirmed: true, confirmed_by: 7 })] },
    });
    renderInApp(
      <BomTab
        productId={21}
        files={[bomFile]}
        bom={[bomRow(1), bomRow(2, { confirmed: true, part_id: 9 })]}
        canEdit
      />,
    );
    expect(screen.getByTestId('bom-unconfirmed').textContent).toBe('1 to confirm');
    await userEvent.click(screen.getByRole('button', { name: 'Rows shown' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Confirm all' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.url.endsWith('/bom/save'))?.body).toEqual({
        boms: [{ id: 1, confirmed: true }],
      }),
    );
  });

  it('edits a cell where it stands: Enter saves it, Escape puts it back', async () => {
    server.on('POST', '/api/products/21/bom/1/save', (request) => ({
      status: 200,
      body: { data: bomRow(1, request.body as Partial<BomRow>) },
    }));
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[bomRow(1)]} canEdit />);
    await userEvent.click(
      screen.getByRole('button', { name: 'Part number of R1, R101: PN-1. Edit' }),
    );
    const input = screen.getByRole('textbox', { name: 'Part number of R1, R101' });
    await userEvent.clear(input);
    await userEvent.type(input, 'RC0402FR-0710KL{Enter}');
    await waitFor(() =>
      expect(server.requests.find((request) => request.url.endsWith('/bom/1/save'))?.body).toEqual({
        part_number: 'RC0402FR-0710KL',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Value of R1, R101: 10k. Edit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Value of R1, R101' }), '0{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Value of R1, R101' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Value of R1, R101: 10k. Edit' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Quantity of R1, R101: 2. Edit' }));
    const quantity = screen.getByRole('textbox', { name: 'Quantity of R1, R101' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2.5{Enter}');
    expect(await screen.findByText('Quantity must be a whole number')).toBeTruthy();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3{Enter}');
    await waitFor(() =>
      expect(
        server.requests.filter((request) => request.url.endsWith('/bom/1/save')).map((r) => r.body),
      ).toEqual([{ part_number: 'RC0402FR-0710KL' }, { quantity: 3 }]),
    );
  }, 30_000);

  it('shows cells as text to a read-only member', () => {
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[bomRow(1)]} canEdit={false} />);
    expect(screen.getByText('PN-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /PN-1\. Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add line' })).toBeNull();
  });

  it('adds a line with its designators and part number', async () => {
    server.on('POST', '/api/products/21/bom/add', {
      status: 201,
      body: { data: bomRow(5, { part_number: 'BC847' }) },
    });
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[bomRow(1)]} canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Add line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a BOM line' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Designators/ }), 'Q1-Q2');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Part number/ }), 'BC847');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add line' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.url.endsWith('/bom/add'))?.body).toEqual({
        refDesign: 'Q1-Q2',
        partNumber: 'BC847',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a BOM line' })).toBeNull(),
    );
  }, 30_000);

  it("keeps the parts a search found as the row's suggestions", async () => {
    const found = [7, 8].map((part_id) => ({
      part_id,
      part_number: `RC0402-${part_id}`,
      manufacturer: 'Yageo',
      package: '0402',
      short_specs: '10 kΩ 1%',
      available: 1000,
      price: 0.01,
      basis: 'value' as const,
      confidence: 'medium' as const,
      reason: null,
    }));
    server.on('POST', '/api/products/21/bom/prices', {
      status: 200,
      body: { data: [], suggestions: found },
    });
    server.on('POST', '/api/products/21/bom/saveSuggestResults', {
      status: 200,
      body: { data: [bomRow(1, { suggestions: found })] },
    });
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[bomRow(1)]} canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Open R1, R101' }));
    const keep = await screen.findByRole('button', { name: 'Keep these as the row’s suggestions' });
    await userEvent.click(keep);
    await waitFor(() =>
      expect(
        server.requests.find((request) => request.url.endsWith('/bom/saveSuggestResults'))?.body,
      ).toEqual({ results: [{ bom_id: 1, part_ids: [7, 8] }] }),
    );
  }, 30_000);

  it('edits the substitutes of a row in its dialog and saves them', async () => {
    server.on('POST', '/api/products/21/bom/prices', {
      status: 200,
      body: { data: [], suggestions: [] },
    });
    server.on('POST', '/api/products/21/bom/1/save', (request) => ({
      status: 200,
      body: { data: bomRow(1, request.body as Partial<BomRow>) },
    }));
    renderInApp(<BomTab productId={21} files={[bomFile]} bom={[bomRow(1)]} canEdit />);
    await userEvent.click(screen.getByRole('button', { name: 'Open R1, R101' }));
    const add = await screen.findByRole('button', { name: 'Add a substitute' });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Substitute 1 part number' }),
      'RC0402-ALT',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Substitute 1 manufacturer' }),
      'Yageo',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Substitute 1 note' }), 'any-1%');
    await userEvent.click(screen.getByRole('button', { name: 'Remove substitute 2' }));
    expect(screen.queryByRole('textbox', { name: 'Substitute 2 part number' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.url.endsWith('/bom/1/save'))?.body).toEqual({
        substitutions_rows: [
          { part_id: null, part_number: 'RC0402-ALT', manufacturer: 'Yageo', note: 'any-1%' },
        ],
      }),
    );
  }, 30_000);
});
