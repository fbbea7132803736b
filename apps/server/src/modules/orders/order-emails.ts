import { ORDER_STATUS_LABELS, type Order } from '@circuits/contracts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { formatMoney } from './order-pdf.ts';

/** The email to the user who ordered: when the order is placed and when it is paid. */
export function orderEmail(input: {
  order: Order;
  event: 'placed' | 'paid';
  to: string;
  link: string;
  /** Where an order paid online is paid (/payment/{id}). */
  paymentLink: string;
}): Omit<MailMessage, 'attachments'> {
  const { order, event, link } = input;
  const what = order.type === 'preorder' ? `Pre-order ${order.id}` : `Order ${order.id}`;
  const subject =
    event === 'paid'
      ? `Circuits: order ${order.id} is paid`
      : order.type === 'preorder'
        ? `Circuits: pre-order ${order.id} saved`
        : `Circuits: order ${order.id} placed`;
  const next =
    event === 'paid'
      ? 'We received your payment; production starts now.'
      : order.type === 'preorder'
        ? 'Nothing is made or charged until you order it.'
        : order.payment?.method === 'bank_transfer'
          ? `Pay ${formatMoney(order.total, order.currency)} by bank transfer against the attached proforma invoice PF-${order.id}.`
          : `Pay ${formatMoney(order.total, order.currency)} online to start production: ${input.paymentLink}`;
  const lines = order.lines.map(
    (line) =>
      `${line.line_number}. ${line.product_name}${line.part_number ? ` (${line.part_number})` : ''}: ${line.amount} × ${line.material} at ${formatMoney(line.unit_price, order.currency)}, ${formatMoney(line.line_price, order.currency)}`,
  );
  const totals = [
    `Subtotal ${formatMoney(order.subtotal, order.currency)}`,
    `Tax ${order.tax_percent} % ${formatMoney(order.tax, order.currency)}${order.tax_basis ? ` (${order.tax_basis.rule})` : ''}`,
    `Total ${formatMoney(order.total, order.currency)}`,
  ];
  return {
    to: input.to,
    subject,
    text: [
      `${what} "${order.name}" for ${order.company_name}: ${ORDER_STATUS_LABELS[order.status]}.`,
      '',
      ...lines,
      '',
      ...totals,
      '',
      `Shipping: ${order.agent_name}, ${order.service_name}`,
      '',
      next,
      '',
      `Open the order: ${link}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(what)} “${escapeHtml(order.name)}” for ${escapeHtml(order.company_name)}: <strong>${ORDER_STATUS_LABELS[order.status]}</strong>.</p>`,
      `<ol>${lines.map((line) => `<li>${escapeHtml(line.replace(/^\d+\. /, ''))}</li>`).join('')}</ol>`,
      `<p>${totals.map(escapeHtml).join('<br>')}</p>`,
      `<p>Shipping: ${escapeHtml(order.agent_name)}, ${escapeHtml(order.service_name)}</p>`,
      `<p>${escapeHtml(next)}</p>`,
      `<p><a href="${escapeHtml(link)}">Open the order</a></p>`,
    ].join('\n'),
  };
}
