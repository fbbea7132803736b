import {
  addToCart,
  cartData,
  cartPrice,
  clearCart,
  getCart,
  priceCart,
  removeFromCart,
  updateCartLine,
} from '@circuits/contracts';
import type { Router } from '../../http/router.ts';
import type { CartService } from './cart.service.ts';

export function registerCartRoutes(router: Router, cart: CartService): void {
  router.route(cartPrice, ({ actor, body }) => cart.oldCartPrice(actor, body));

  router.route(getCart, ({ actor }) => cart.view(actor));

  router.route(addToCart, ({ actor, body }) => cart.add(actor, body));

  router.route(updateCartLine, ({ actor, params, body }) =>
    cart.update(actor, params.productId, body),
  );

  router.route(clearCart, ({ actor }) => cart.clear(actor));

  router.route(removeFromCart, ({ actor, params }) => cart.remove(actor, params.productId));

  router.route(priceCart, ({ actor, body }) => cart.priceBoards(actor, body));

  router.route(cartData, ({ actor, body }) => cart.cartData(actor, body.products));
}
