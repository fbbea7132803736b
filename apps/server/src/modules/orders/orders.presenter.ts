import type { Order, OrderAddress, OrderSummary, Payment, ProductOrder } from '@circuits/contracts';
import { documentsOf } from './order-documents.ts';
import { lineBuild, lineShipDate, orderShipDate } from './order-ship-date.ts';
import type { OrderEventRow, OrderLineRow, OrderRow } from './orders.repository.ts';
import type { AddressSnapshot } from './orders.tables.ts';

function presentAddress(address: AddressSnapshot): OrderAddress {
  return {
    contact_name: address.contactName,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    region: address.region,
    postal_code: address.postalCode,
    country_code: address.countryCode,
    phone: address.phone,
  };
}

export function presentOrderSummary(row: OrderRow, linesCount: number): OrderSummary {
  return {
    id: row.id,
    type: row.kind,
    type_id: 1,
    name: row.name,
    date: row.orderDate,
    status: row.status,
    company_id: row.companyId,
    company_name: row.snapshot.companyName,
    currency: row.currencyCode,
    total: row.totalMinor,
    lines_count: linesCount,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  events: OrderEventRow[],
  payment: Payment | null,
): Order {
  return {
    ...presentOrderSummary(row, lines.length),
    service_id: row.serviceId,
    service_name: row.snapshot.serviceName,
    agent_id: row.agentId,
    agent_name: row.snapshot.agentName,
    shipping_account_id: row.shippingAccountId,
    shipping_account_number: row.snapshot.shippingAccountNumber,
    address_id: row.addressId,
    shipping_address: presentAddress(row.snapshot.shippingAddress),
    company_address: row.snapshot.companyAddress && presentAddress(row.snapshot.companyAddress),
    currency_id: row.currencyId,
    tax_percent: row.taxPercent,
    tax_basis: row.snapshot.taxBasis
      ? { country_code: row.snapshot.taxBasis.countryCode, rule: row.snapshot.taxBasis.rule }
      : null,
    subtotal: row.subtotalMinor,
    tax: row.taxMinor,
    create_proforma: row.createProforma,
    price_book_version: row.priceBookVersion,
    rates: row.rates,
    ordered_by: row.snapshot.userName,
    ship_date: orderShipDate(row.orderDate, lines),
    lines: lines.map((line) => ({
      line_number: line.lineNumber,
      product_id: line.productId,
      product_name: line.productName,
      part_number: line.partNumber,
      amount: line.amount,
      material: line.material,
      lead_time: (({ id, label, workingDays }) => ({ id, label, working_days: workingDays }))(
        lineBuild(line),
      ),
      ship_date: lineShipDate(row.orderDate, line),
      unit_price: line.unitPriceMinor,
      line_price: line.lineTotalMinor,
      prices: line.prices.map((price) => ({
        rule: price.rule,
        reason: price.reason,
        amount: price.amountMinor,
      })),
      files_hash: line.filesHash,
      settings: line.settings as unknown as Record<string, unknown>,
      measured: line.measured,
    })),
    documents: documentsOf(row),
    payment,
    events: events.map((event) => ({
      status: event.status,
      note: event.note,
      at: event.at.toISOString(),
    })),
  };
}

export function presentProductOrder(row: OrderRow, line: OrderLineRow): ProductOrder {
  return {
    id: row.id,
    type: row.kind,
    name: row.name,
    date: row.orderDate,
    status: row.status,
    amount: line.amount,
    line_price: line.lineTotalMinor,
    currency: row.currencyCode,
  };
}
