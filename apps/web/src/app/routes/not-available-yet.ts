// The home and About pages say plainly what the product does not do yet, so nobody looks for it;
// they promise nothing. Keep this in step with what is built.
export const NOT_AVAILABLE_YET =
  'the parts catalogue, bill of materials and placement editing, prices, the cart, ordering and payment';
