import type { DocumentType, OrderDocument } from '@circuits/contracts';
import { renderOrderPdf } from './order-pdf.ts';
import type { OrderLineRow, OrderRow } from './orders.repository.ts';

/** The documents of an order: its confirmation (or the pre-order itself) and the proforma. */
export function documentsOf(row: OrderRow): OrderDocument[] {
  const documents: OrderDocument[] = [
    {
      type: 'order',
      title: row.kind === 'preorder' ? `Pre-order ${row.id}` : `Order confirmation ${row.id}`,
      number: row.kind === 'preorder' ? `PO-${row.id}` : `OC-${row.id}`,
      file_name: documentFileName(row, 'order'),
    },
  ];
  if (row.createProforma) {
    documents.push({
      type: 'proforma',
      title: `Proforma invoice PF-${row.id}`,
      number: `PF-${row.id}`,
      file_name: documentFileName(row, 'proforma'),
    });
  }
  return documents;
}

export function documentFileName(row: OrderRow, type: DocumentType): string {
  if (type === 'proforma') return `circuits-proforma-PF-${row.id}.pdf`;
  return row.kind === 'preorder'
    ? `circuits-preorder-PO-${row.id}.pdf`
    : `circuits-order-OC-${row.id}.pdf`;
}

function shippingText(row: OrderRow): string {
  const carrier = `${row.snapshot.agentName}, ${row.snapshot.serviceName}`;
  return row.snapshot.shippingAccountNumber
    ? `${carrier}; billed to your account ${row.snapshot.shippingAccountNumber}`
    : `${carrier}; included in the price`;
}

export async function orderPdf(
  row: OrderRow,
  lines: OrderLineRow[],
  type: DocumentType,
  bankDetails: string,
): Promise<Buffer> {
  const document = documentsOf(row).find((entry) => entry.type === type)!;
  const rates = Object.entries(row.rates)
    .filter(([code]) => code !== 'USD')
    .map(([code, rate]) => `1 USD = ${rate} ${code}`)
    .join(', ');
  const notes: string[] = [];
  if (type === 'proforma') {
    notes.push(
      `This proforma invoice is a request for payment, not a tax invoice. Pay ${(row.totalMinor / 100).toFixed(2)} ${row.currencyCode} by bank transfer quoting the reference PF-${row.id}; production starts when the payment arrives.`,
      `Bank account: ${bankDetails}`,
    );
  } else if (row.kind === 'preorder') {
    notes.push(
      'A pre-order fixes the boards, settings and prices shown; it is not an order and nothing is paid or made until it is ordered.',
    );
  } else {
    notes.push(
      row.paymentMethod === 'online'
        ? 'Paid online; production starts when the payment is captured.'
        : `Paid by bank transfer against proforma invoice PF-${row.id}.`,
      'The boards are made from the files and settings recorded with this order; no other charge applies.',
    );
  }
  return renderOrderPdf({
    title: document.title.replace(/ [A-Z]*-?\d+$/, ''),
    number: document.number,
    issuedOn: row.orderDate,
    createdAt: row.createdAt,
    orderName: row.name,
    companyName: row.snapshot.companyName,
    companyAddress: row.snapshot.companyAddress,
    shippingAddress: row.snapshot.shippingAddress,
    shipping: shippingText(row),
    currencyCode: row.currencyCode,
    ratesNote: `Prices in ${row.currencyCode} from price book version ${row.priceBookVersion}${rates ? ` at ${rates}` : ''}, locked when the order was made.`,
    taxPercent: row.taxPercent,
    subtotalMinor: row.subtotalMinor,
    taxMinor: row.taxMinor,
    totalMinor: row.totalMinor,
    lines: lines.map((line) => ({
      lineNumber: line.lineNumber,
      productName: line.productName,
      partNumber: line.partNumber,
      material: line.material,
      amount: line.amount,
      unitPriceMinor: line.unitPriceMinor,
      lineTotalMinor: line.lineTotalMinor,
      rules: line.prices.map((price) => ({ reason: price.reason, amountMinor: price.amountMinor })),
    })),
    notes,
  });
}
