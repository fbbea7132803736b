// The order and payment state machines, written once: every state, every allowed move and who
// may make it. The services that change an order or a payment ask `checkOrderMove` and
// `checkPaymentMove` before they write, and refuse anything else with the reason given here;
// docs/order-states.md draws the same tables (`orderStatesDiagram`, `paymentStatesDiagram`).

export const ORDER_STATES = [
  'preorder',
  'awaiting_payment',
  'awaiting_transfer',
  'paid',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS: Readonly<Record<OrderState, string>> = {
  preorder: 'Pre-order',
  awaiting_payment: 'Awaiting payment',
  awaiting_transfer: 'Awaiting bank transfer',
  paid: 'Paid',
  in_production: 'In production',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATES = [
  /** Recorded; the provider order is not made yet (or its answer was lost). */
  'new',
  /** The provider order exists: the payer approves it at its payer-action link. */
  'awaiting_approval',
  /** The payer cancelled at the provider; the payment may be started again. */
  'cancelled',
  'captured',
  /** Bank transfer against the proforma: staff record its arrival. */
  'awaiting_transfer',
  /** The provider captured a different amount: kept for staff, never marked paid. */
  'mismatch',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  new: 'Not started',
  awaiting_approval: 'Awaiting approval',
  cancelled: 'Cancelled by the payer',
  captured: 'Captured',
  awaiting_transfer: 'Awaiting bank transfer',
  mismatch: 'Amount mismatch',
};

/**
 * Who makes a move: an editor of the order's company; an administrator (in the admin panel);
 * the payment provider, whose confirmed capture is what pays an order, whichever request (the
 * payer's return, a webhook) brought it. Moderators read and move nothing.
 */
export type StateActor = 'editor' | 'admin' | 'provider';

const ACTOR_TEXT: Readonly<Record<StateActor, string>> = {
  editor: 'company editors',
  admin: 'administrators',
  provider: "the payment provider's confirmation",
};

export type Move<State extends string> = {
  from: State;
  to: State;
  by: readonly StateActor[];
  /** What the move means, as the diagram labels it. */
  when: string;
};

/** The states an order starts in, and when. */
export const ORDER_START_STATES: readonly { state: OrderState; when: string }[] = [
  { state: 'preorder', when: 'pre-order saved' },
  { state: 'awaiting_payment', when: 'order placed, to pay online' },
  { state: 'awaiting_transfer', when: 'order placed, to pay by bank transfer' },
];

export const ORDER_MOVES: readonly Move<OrderState>[] = [
  { from: 'awaiting_payment', to: 'paid', by: ['provider'], when: 'payment captured' },
  { from: 'awaiting_transfer', to: 'paid', by: ['admin'], when: 'bank transfer recorded' },
  // Staff record progress; a step they did not record may be skipped, never gone back to.
  { from: 'paid', to: 'in_production', by: ['admin'], when: 'production started' },
  { from: 'paid', to: 'shipped', by: ['admin'], when: 'shipped' },
  { from: 'paid', to: 'delivered', by: ['admin'], when: 'delivered' },
  { from: 'in_production', to: 'shipped', by: ['admin'], when: 'shipped' },
  { from: 'in_production', to: 'delivered', by: ['admin'], when: 'delivered' },
  { from: 'shipped', to: 'delivered', by: ['admin'], when: 'delivered' },
  // Boards that left are not cancelled; a paid order cancelled is refunded outside the app.
  { from: 'preorder', to: 'cancelled', by: ['admin'], when: 'withdrawn' },
  { from: 'awaiting_payment', to: 'cancelled', by: ['admin'], when: 'cancelled' },
  { from: 'awaiting_transfer', to: 'cancelled', by: ['admin'], when: 'cancelled' },
  { from: 'paid', to: 'cancelled', by: ['admin'], when: 'cancelled, refunded' },
  { from: 'in_production', to: 'cancelled', by: ['admin'], when: 'cancelled, refunded' },
];

/** The states a payment starts in, and when. */
export const PAYMENT_START_STATES: readonly { state: PaymentState; when: string }[] = [
  { state: 'new', when: 'order placed, to pay online' },
  { state: 'awaiting_transfer', when: 'order placed, to pay by bank transfer' },
];

export const PAYMENT_MOVES: readonly Move<PaymentState>[] = [
  { from: 'new', to: 'awaiting_approval', by: ['editor', 'admin'], when: 'payment started' },
  { from: 'cancelled', to: 'awaiting_approval', by: ['editor', 'admin'], when: 'started again' },
  { from: 'awaiting_approval', to: 'cancelled', by: ['editor', 'admin'], when: 'payer cancelled' },
  { from: 'new', to: 'captured', by: ['provider'], when: 'captured' },
  { from: 'awaiting_approval', to: 'captured', by: ['provider'], when: 'captured' },
  // The payer approved at the provider after cancelling here: the money moved, it is recorded.
  { from: 'cancelled', to: 'captured', by: ['provider'], when: 'captured' },
  { from: 'new', to: 'mismatch', by: ['provider'], when: 'other amount captured' },
  { from: 'awaiting_approval', to: 'mismatch', by: ['provider'], when: 'other amount captured' },
  { from: 'cancelled', to: 'mismatch', by: ['provider'], when: 'other amount captured' },
  { from: 'awaiting_transfer', to: 'captured', by: ['admin'], when: 'bank transfer recorded' },
];

export type MoveCheck = { allowed: true } | { allowed: false; reason: string };

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

function checkMove<State extends string>(
  moves: readonly Move<State>[],
  labels: Readonly<Record<State, string>>,
  what: 'order' | 'payment',
  from: State,
  to: State,
  by: StateActor,
): MoveCheck {
  const subject = what === 'order' ? 'The order' : 'The payment';
  if (from === to) return { allowed: false, reason: `${subject} is ${labels[to]} already` };
  const move = moves.find((entry) => entry.from === from && entry.to === to);
  if (!move) {
    const next = moves.filter((entry) => entry.from === from).map((entry) => labels[entry.to]);
    const onward = next.length
      ? ` (from ${labels[from]} it can become ${listText([...new Set(next)])})`
      : ` (${labels[from]} is final)`;
    return {
      allowed: false,
      reason: `${subject} is ${labels[from]}: it cannot become ${labels[to]}${onward}`,
    };
  }
  if (!move.by.includes(by)) {
    const who = listText(move.by.map((actor) => ACTOR_TEXT[actor]));
    return {
      allowed: false,
      reason: `Only ${who} can make ${what === 'order' ? 'an order' : 'a payment'} ${labels[to]} from ${labels[from]}`,
    };
  }
  return { allowed: true };
}

/** Whether `by` may move an order from `from` to `to`; the reason when not. */
export function checkOrderMove(from: OrderState, to: OrderState, by: StateActor): MoveCheck {
  return checkMove(ORDER_MOVES, ORDER_STATE_LABELS, 'order', from, to, by);
}

/** Whether `by` may move a payment from `from` to `to`; the reason when not. */
export function checkPaymentMove(from: PaymentState, to: PaymentState, by: StateActor): MoveCheck {
  return checkMove(PAYMENT_MOVES, PAYMENT_STATE_LABELS, 'payment', from, to, by);
}

/** The states `by` may move a payment into `to` from (what a conditional update may find). */
export function paymentStatesInto(to: PaymentState, by: StateActor): PaymentState[] {
  return PAYMENT_MOVES.filter((move) => move.to === to && move.by.includes(by)).map(
    (move) => move.from,
  );
}

/** The states `by` may move an order in state `from` to (the admin panel offers these). */
export function orderMovesFrom(from: OrderState, by: StateActor): OrderState[] {
  return ORDER_MOVES.filter((move) => move.from === from && move.by.includes(by)).map(
    (move) => move.to,
  );
}

function diagram<State extends string>(
  starts: readonly { state: State; when: string }[],
  moves: readonly Move<State>[],
  labels: Readonly<Record<State, string>>,
): string {
  const states = [
    ...new Set([...starts.map((start) => start.state), ...moves.flatMap((m) => [m.from, m.to])]),
  ];
  const finals = states.filter((state) => !moves.some((move) => move.from === state));
  return [
    'stateDiagram-v2',
    ...states.map((state) => `  ${state}: ${labels[state]}`),
    ...starts.map((start) => `  [*] --> ${start.state}: ${start.when}`),
    ...moves.map(
      (move) => `  ${move.from} --> ${move.to}: ${move.when}, by ${move.by.join(' or ')}`,
    ),
    ...finals.map((state) => `  ${state} --> [*]`),
  ].join('\n');
}

/** The order state machine as a Mermaid state diagram. */
export function orderStatesDiagram(): string {
  return diagram(ORDER_START_STATES, ORDER_MOVES, ORDER_STATE_LABELS);
}

/** The payment state machine as a Mermaid state diagram. */
export function paymentStatesDiagram(): string {
  return diagram(PAYMENT_START_STATES, PAYMENT_MOVES, PAYMENT_STATE_LABELS);
}
