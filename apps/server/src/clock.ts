/** The one source of "now" for services, so tests can move time forward. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
