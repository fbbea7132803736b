import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { AddressSnapshot } from './orders.tables.ts';

// The order's documents as PDF: the order confirmation (or pre-order) and the proforma invoice.
// Made from what the order froze when it was placed, so a document reads the same whenever it
// is downloaded.

export type PdfLine = {
  lineNumber: number;
  productName: string;
  partNumber: string | null;
  material: string;
  amount: number;
  unitPriceMinor: number;
  lineTotalMinor: number;
  rules: { reason: string; amountMinor: number }[];
};

export type PdfDocumentInput = {
  title: string;
  number: string;
  issuedOn: string;
  /** The promised ship date (working days after the order). */
  shipsOn: string;
  createdAt: Date;
  orderName: string;
  companyName: string;
  companyAddress: AddressSnapshot | null;
  shippingAddress: AddressSnapshot;
  shipping: string;
  currencyCode: string;
  ratesNote: string;
  taxPercent: number;
  /** The country and rule that gave the tax rate; null for orders placed before it was kept. */
  taxBasis: string | null;
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  lines: PdfLine[];
  /** Closing paragraphs: how to pay, what the document is. */
  notes: string[];
};

export function formatMoney(minor: number, currencyCode: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')} ${currencyCode}`;
}

export function addressLines(address: AddressSnapshot | null): string[] {
  if (!address) return [];
  const cityLine = [address.postalCode, address.city, address.region].filter(Boolean).join(' ');
  return [
    address.contactName,
    address.line1,
    address.line2,
    cityLine || null,
    address.countryCode,
    address.phone ? `Phone ${address.phone}` : null,
  ].filter((line): line is string => Boolean(line));
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = rgb(0.13, 0.15, 0.17);
const MUTED = rgb(0.45, 0.48, 0.52);
const RULE = rgb(0.85, 0.87, 0.89);

export async function renderOrderPdf(input: PdfDocumentInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.title} ${input.number}`);
  pdf.setAuthor('Circuits');
  pdf.setCreator('Circuits');
  pdf.setProducer('Circuits');
  // Fixed dates: the same order gives the same file.
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  // The standard fonts encode WinAnsi only: anything else is shown as '?'.
  const printable = new Map<string, boolean>();
  const clean = (text: string) =>
    [...text]
      .map((char) => {
        let ok = printable.get(char);
        if (ok === undefined) {
          try {
            regular.encodeText(char);
            ok = true;
          } catch {
            ok = false;
          }
          printable.set(char, ok);
        }
        return ok ? char : '?';
      })
      .join('');

  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const fit = (text: string, font: PDFFont, size: number, width: number) => {
    let value = clean(text);
    if (font.widthOfTextAtSize(value, size) <= width) return value;
    while (value.length > 1 && font.widthOfTextAtSize(`${value}...`, size) > width) {
      value = value.slice(0, -1);
    }
    return `${value}...`;
  };

  const text = (
    value: string,
    x: number,
    options: {
      font?: PDFFont;
      size?: number;
      color?: typeof INK;
      width?: number;
      right?: boolean;
    } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 9.5;
    // Right-aligned text ends at x, so it has the room to its left.
    const room = options.right ? x - MARGIN : A4.width - MARGIN - x;
    const shown = fit(value, font, size, Math.min(options.width ?? room, room));
    const dx = options.right ? -font.widthOfTextAtSize(shown, size) : 0;
    page.drawText(shown, { x: x + dx, y, size, font, color: options.color ?? INK });
  };

  const newPageIfBelow = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };

  const wrap = (value: string, size: number, width: number): string[] => {
    const words = clean(value).split(/\s+/);
    const lines: string[] = [];
    let current = '';
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (regular.widthOfTextAtSize(next, size) > width && current) {
        lines.push(current);
        current = word;
      } else {
        current = next;
      }
    }
    if (current) lines.push(current);
    return lines;
  };

  // ---- heading
  text('Circuits', MARGIN, { font: bold, size: 18 });
  text(input.title, A4.width - MARGIN, { font: bold, size: 16, right: true });
  y -= 18;
  text('Printed circuit boards', MARGIN, { color: MUTED });
  text(`No. ${input.number}`, A4.width - MARGIN, { right: true });
  y -= 13;
  text(`Date ${input.issuedOn}`, A4.width - MARGIN, { right: true });
  y -= 13;
  text(`Ships by ${input.shipsOn}`, A4.width - MARGIN, { right: true });
  y -= 13;
  text(`Order: ${input.orderName}`, A4.width - MARGIN, { right: true, width: 260 });
  y -= 26;

  // ---- parties
  const column = (MARGIN + A4.width - MARGIN) / 2;
  const top = y;
  text('Customer', MARGIN, { font: bold, color: MUTED, size: 8.5 });
  y -= 13;
  text(input.companyName, MARGIN, { font: bold, width: column - MARGIN - 12 });
  for (const line of addressLines(input.companyAddress)) {
    y -= 12;
    text(line, MARGIN, { width: column - MARGIN - 12 });
  }
  const leftBottom = y;
  y = top;
  text('Ship to', column, { font: bold, color: MUTED, size: 8.5 });
  for (const line of addressLines(input.shippingAddress)) {
    y -= 12;
    text(line, column);
  }
  y -= 16;
  text('Shipping', column, { font: bold, color: MUTED, size: 8.5 });
  for (const line of wrap(input.shipping, 9.5, A4.width - MARGIN - column)) {
    y -= 12;
    text(line, column);
  }
  y = Math.min(y, leftBottom) - 24;

  // ---- lines
  const cols = {
    no: MARGIN,
    product: MARGIN + 22,
    material: MARGIN + 250,
    qty: MARGIN + 345,
    unit: MARGIN + 420,
    total: A4.width - MARGIN,
  };
  const header = () => {
    text('#', cols.no, { font: bold, size: 8.5, color: MUTED });
    text('Board', cols.product, { font: bold, size: 8.5, color: MUTED });
    text('Material', cols.material, { font: bold, size: 8.5, color: MUTED });
    text('Qty', cols.qty, { font: bold, size: 8.5, color: MUTED, right: true });
    text('Per piece', cols.unit, { font: bold, size: 8.5, color: MUTED, right: true });
    text(`Line (${input.currencyCode})`, cols.total, {
      font: bold,
      size: 8.5,
      color: MUTED,
      right: true,
    });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, color: RULE });
    y -= 13;
  };
  header();
  for (const line of input.lines) {
    newPageIfBelow(28 + line.rules.length * 11);
    if (y === A4.height - MARGIN) header();
    text(String(line.lineNumber), cols.no);
    const name = line.partNumber ? `${line.productName} (${line.partNumber})` : line.productName;
    text(name, cols.product, { font: bold, width: cols.material - cols.product - 8 });
    text(line.material, cols.material, { width: cols.qty - cols.material - 30 });
    text(String(line.amount), cols.qty, { right: true });
    text(formatMoney(line.unitPriceMinor, input.currencyCode), cols.unit, {
      right: true,
      width: 90,
    });
    text(formatMoney(line.lineTotalMinor, input.currencyCode), cols.total, {
      font: bold,
      right: true,
      width: 100,
    });
    for (const rule of line.rules) {
      y -= 11;
      text(rule.reason, cols.product + 8, {
        size: 8.5,
        color: MUTED,
        width: cols.unit - cols.product - 20,
      });
      text(formatMoney(rule.amountMinor, input.currencyCode), cols.total, {
        size: 8.5,
        color: MUTED,
        right: true,
        width: 100,
      });
    }
    y -= 8;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, color: RULE });
    y -= 13;
  }

  // ---- totals
  newPageIfBelow(82);
  const labelX = cols.unit - 60;
  text('Subtotal', labelX);
  text(formatMoney(input.subtotalMinor, input.currencyCode), cols.total, {
    right: true,
    width: 120,
  });
  y -= 13;
  text(`Tax ${input.taxPercent} %`, labelX);
  text(formatMoney(input.taxMinor, input.currencyCode), cols.total, { right: true, width: 120 });
  y -= 15;
  text('Total', labelX, { font: bold, size: 11 });
  text(formatMoney(input.totalMinor, input.currencyCode), cols.total, {
    font: bold,
    size: 11,
    right: true,
    width: 140,
  });
  y -= 24;

  const taxNote = input.taxBasis ? [`Tax basis: ${input.taxBasis}.`] : [];
  for (const note of [...taxNote, input.ratesNote, ...input.notes]) {
    for (const line of wrap(note, 8.5, A4.width - 2 * MARGIN)) {
      newPageIfBelow(12);
      text(line, MARGIN, { size: 8.5, color: MUTED });
      y -= 11;
    }
    y -= 4;
  }

  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
