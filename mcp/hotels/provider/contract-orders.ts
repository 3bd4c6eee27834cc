import { z } from "zod";

// The order reads by provider id (the `lowlevel` toolset with a static or service profile). The
// answers are passed on whole as `data`, so only what identifies each answer is checked here; the
// shapes are in docs/provider-contract.md (order_v1 in part from the seed, the rest inferred).

const id = z.string().min(1).max(256);
const status = z.string().min(1).max(64);

export const ProviderOrderFlatSchema = z.looseObject({ orderId: id, status });
export const ProviderOrderV3Schema = z.looseObject({ order: z.looseObject({ id, state: z.looseObject({ code: status }) }) });
export const ProviderEvoBookingSchema = z.looseObject({ orderId: id, status });
export const ProviderBookingTaskSchema = z.looseObject({ orderId: id, status });
export const ProviderLsOrderCheckSchema = z.looseObject({ orderId: id, isLsOrder: z.boolean() });

export type ProviderOrderAnswer = Record<string, unknown>;
