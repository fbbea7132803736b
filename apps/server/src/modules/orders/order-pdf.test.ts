import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { formatMoney, type PdfDocumentInput, renderOrderPdf } from './order-pdf.ts';

const address = {
  contactName: 'Receiving',
  line1: '1 Test Street',
  line2: null,
  city: 'Toronto',
  region: 'ON',
  postalCode: 'M5H 2N2',
  countryCode: 'CA',
  phone: null,
};

function input(lines: number): PdfDocumentInput {
  return {
    title: 'Proforma invoice',
    number: 'PF-7',
    issuedOn: '2026-11-26',
    shipsOn: '2026-12-03',
    createdAt: new Date('2026-11-26T10:00:00Z'),
    orderName: 'Spring batch',
    companyName: 'Northwind 電子 Electronics',
    companyAddress: address,
    shippingAddress: { ...address, line1: '9 Dock Road' },
    shipping: 'UPS, Express Saver; billed to your account A1B2C3',
    currencyCode: 'CAD',
    ratesNote: 'Prices in CAD from price book version 3 at 1 USD = 1.38 CAD.',
    taxPercent: 13,
    taxBasis: '13 % Ontario HST: the company address is in Canada (CA)',
    subtotalMinor: 123_456,
    taxMinor: 16_049,
    totalMinor: 139_505,
    lines: Array.from({ length: lines }, (_, index) => ({
      lineNumber: index + 1,
      productName: `Board ${index + 1}`,
      partNumber: `PN-${index + 1}`,
      material: 'FR4',
      amount: 10,
      unitPriceMinor: 1234,
      lineTotalMinor: 12_340,
      rules: [
        { reason: 'Set-up, 2 layers', amountMinor: 414 },
        { reason: 'ENIG finish', amountMinor: 1_000 + index },
      ],
    })),
    notes: ['Pay by bank transfer quoting the reference PF-7.'],
  };
}

describe('order PDFs', () => {
  it('print the company, both addresses, shipping, currency, tax and every price line', async () => {
    const bytes = await renderOrderPdf(input(3));
    const text = await pdfText(bytes);
    for (const expected of [
      'Proforma invoice',
      'No. PF-7',
      // Characters the standard fonts cannot print are shown as '?', never dropped silently.
      'Northwind ?? Electronics',
      '1 Test Street',
      '9 Dock Road',
      'M5H 2N2 Toronto ON',
      'UPS, Express Saver; billed to your account A1B2C3',
      'Line (CAD)',
      'Tax 13 %',
      'Ships by 2026-12-03',
      'Tax basis: 13 % Ontario HST: the company address is in Canada (CA).',
      '1,234.56 CAD',
      '160.49 CAD',
      '1,395.05 CAD',
      'Prices in CAD from price book version 3 at 1 USD = 1.38 CAD.',
      'Pay by bank transfer quoting the reference PF-7.',
    ]) {
      expect(text).toContain(expected);
    }
    for (let line = 1; line <= 3; line += 1) {
      expect(text).toContain(`Board ${line} (PN-${line})`);
      expect(text).toContain(`${formatMoney(1_000 + line - 1, 'CAD')}`);
    }
    expect(text.match(/Set-up, 2 layers/g)).toHaveLength(3);
  });

  it('runs over several pages and reads the same every time it is made', async () => {
    const first = await renderOrderPdf(input(60));
    const again = await renderOrderPdf(input(60));
    expect(first.equals(again)).toBe(true);
    const pdf = await PDFDocument.load(first);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    const text = await pdfText(first);
    expect(text).toContain('Board 60 (PN-60)');
    expect(text).toContain('1,395.05 CAD');
  });

  it('formats minor units with thousands separators', () => {
    expect(formatMoney(5, 'USD')).toBe('0.05 USD');
    expect(formatMoney(123_456_789, 'EUR')).toBe('1,234,567.89 EUR');
    expect(formatMoney(-1250, 'CAD')).toBe('-12.50 CAD');
  });
});
