import type { StateActor } from '@circuits/domain';
import { forbidden } from '../../http/errors.ts';
import type { Actor } from '../auth/actor.ts';
import { canEditCompany } from '../auth/authorization.ts';

/**
 * Who may start, approve, capture or cancel a payment of the company's order: its editors, and
 * administrators (who may order for it). Read-only members and moderators may see the payment,
 * not move it. Call once the payment is known to be visible to the actor (others got a 404).
 * Answers as whom the actor moves it.
 */
export function assertMayPay(actor: Actor, companyId: number): StateActor {
  if (canEditCompany(actor, companyId)) return actor.role === 'admin' ? 'admin' : 'editor';
  if (actor.companyId === companyId) {
    throw forbidden('Only company editors can pay for orders; ask an editor of your company');
  }
  throw forbidden("Moderators can view other companies' orders but cannot pay for them");
}
