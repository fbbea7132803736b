/** An order id from a route parameter; null when it is not one. */
export function parseOrderId(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}
