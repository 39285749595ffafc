/**
 * A permission decision (docs/product.md §8, §11): the policy answers, the caller acts — a router turns a refusal
 * into 403, a batch reports it per place, a job skips. `reason` is a pt-BR sentence the person reads as it is.
 */
export type Decision = { allowed: true } | { allowed: false; reason: string };

export const allowed: Decision = { allowed: true };

export const refused = (reason: string): Decision => ({ allowed: false, reason });
