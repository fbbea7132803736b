// The tabs of the product view (SPEC §2) and the ?initTab= parameter that opens one: after a
// product is created the view opens on Files (initTab=Files); switching tabs updates it, so a
// reload or a shared link opens the same tab.

export const PRODUCT_TABS = [
  { value: 'Board', label: 'Board' },
  { value: 'Files', label: 'Files' },
  { value: 'ProductInfo', label: 'Product info' },
  { value: 'Placement', label: 'Placement' },
  { value: 'BOM', label: 'BOM' },
] as const;

export type ProductTab = (typeof PRODUCT_TABS)[number]['value'];

export const INIT_TAB_PARAM = 'initTab';

/** The board, rendered with its settings, is what a product view opens on. */
export const DEFAULT_PRODUCT_TAB: ProductTab = 'Board';

/** The tab a parameter names, in any letter case, with or without spaces ("Product info"). */
export function productTabFromParam(param: string | null): ProductTab {
  if (param === null) return DEFAULT_PRODUCT_TAB;
  const wanted = param.replace(/[\s_-]/g, '').toLowerCase();
  const tab = PRODUCT_TABS.find((candidate) => candidate.value.toLowerCase() === wanted);
  return tab?.value ?? DEFAULT_PRODUCT_TAB;
}

/** The product view opened on a tab. */
export function productPath(productId: number, tab: ProductTab): string {
  return `/product/${productId}?${INIT_TAB_PARAM}=${tab}`;
}
