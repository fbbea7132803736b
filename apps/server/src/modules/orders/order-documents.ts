import type { DocumentType, OrderDocument } from '@circuits/contracts';
import type { PaymentState } from '@circuits/domain';
import type { PdfDocumentInput } from './order-pdf.ts';
import { orderShipDate } from './order-ship-date.ts';
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

/** What a document says about paying, from the order's payment as it is now. */
export type DocumentPayment = {
  method: 'online' | 'bank_transfer' | 'none';
  status: PaymentState | null;
  capturedAt: Date | null;
};

/** The bank account printed for payment by bank transfer (null: none is configured). */
export type DocumentBank = { details: string; sample: boolean } | null;

function paidOn(payment: DocumentPayment): string {
  return payment.capturedAt ? ` on ${payment.capturedAt.toISOString().slice(0, 10)}` : '';
}

function bankLine(bank: DocumentBank, reference: string): string {
  if (!bank) return `Ask us for our bank account, quoting ${reference}.`;
  return bank.sample
    ? `Bank account (a sample of this demo server, not a real account: do not pay into it): ${bank.details}`
    : `Bank account: ${bank.details}`;
}

function proformaNotes(
  row: OrderRow,
  payment: DocumentPayment,
  bank: DocumentBank,
  paymentLink: string,
): string[] {
  const total = `${(row.totalMinor / 100).toFixed(2)} ${row.currencyCode}`;
  if (row.kind === 'preorder') {
    return [
      'This proforma invoice shows what the pre-order would cost; it is not a request for payment: nothing is due until it is ordered.',
    ];
  }
  if (payment.status === 'captured') {
    return [
      `This proforma invoice is not a request for payment: the order was paid${payment.method === 'online' ? ' online' : ' by bank transfer'}${paidOn(payment)}. Nothing is due.`,
    ];
  }
  if (payment.status === 'mismatch') {
    return [
      'This proforma invoice is not a request for payment: a payment was captured online for an amount other than the total, and our staff will contact you.',
    ];
  }
  if (payment.method === 'online') {
    return [
      `This proforma invoice is not a tax invoice. The order is paid online: pay ${total} at ${paymentLink}; no bank transfer is needed.`,
    ];
  }
  return [
    `This proforma invoice is a request for payment, not a tax invoice. Pay ${total} by bank transfer quoting the reference PF-${row.id}; production starts when the payment arrives.`,
    bankLine(bank, `PF-${row.id}`),
  ];
}

function confirmationNotes(row: OrderRow, payment: DocumentPayment): string[] {
  if (row.kind === 'preorder') {
    return [
      'A pre-order fixes the boards, settings and prices shown; it is not an order and nothing is paid or made until it is ordered.',
    ];
  }
  const captured = payment.status === 'captured';
  const paying =
    payment.method === 'online'
      ? captured
        ? `Paid online${paidOn(payment)}.`
        : 'To be paid online; production starts when the payment is captured.'
      : captured
        ? `Paid by bank transfer against proforma invoice PF-${row.id}${paidOn(payment)}.`
        : `To be paid by bank transfer against proforma invoice PF-${row.id}; production starts when it arrives.`;
  return [
    paying,
    'The boards are made from the files and settings recorded with this order; no other charge applies.',
  ];
}

/** Everything a document of the order shows: the PDF is rendered from this, and only this. */
export function documentPdfInput(
  row: OrderRow,
  lines: OrderLineRow[],
  type: DocumentType,
  context: { payment: DocumentPayment; bank: DocumentBank; paymentLink: string },
): PdfDocumentInput {
  const document = documentsOf(row).find((entry) => entry.type === type)!;
  const rates = Object.entries(row.rates)
    .filter(([code]) => code !== 'USD')
    .map(([code, rate]) => `1 USD = ${rate} ${code}`)
    .join(', ');
  const notes =
    type === 'proforma'
      ? proformaNotes(row, context.payment, context.bank, context.paymentLink)
      : confirmationNotes(row, context.payment);
  return {
    title: document.title.replace(/ [A-Z]*-?\d+$/, ''),
    number: document.number,
    issuedOn: row.orderDate,
    shipsOn: orderShipDate(row.orderDate, lines),
    createdAt: row.createdAt,
    orderName: row.name,
    companyName: row.snapshot.companyName,
    companyAddress: row.snapshot.companyAddress,
    shippingAddress: row.snapshot.shippingAddress,
    shipping: shippingText(row),
    currencyCode: row.currencyCode,
    ratesNote: `Prices in ${row.currencyCode} from price book version ${row.priceBookVersion}${rates ? ` at ${rates}` : ''}, locked when the order was made.`,
    taxPercent: row.taxPercent,
    taxBasis: row.snapshot.taxBasis?.rule ?? null,
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
  };
}
