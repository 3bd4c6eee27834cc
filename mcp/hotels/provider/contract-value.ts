import { z } from "zod";
import { IsoDateSchema, ProviderIdSchema, ProviderMoneySchema, ProviderStayShape } from "./contract-common.js";

// T-Bank value (cashback, instalments), SEO pages, their URLs and partner deeplinks. Every shape
// here is inferred: the seed names the tools, not the routes (see docs/provider-contract.md).

/** One call covers a plan's whole collection (at most 400 hotels), so a plan asks once. */
export const CASHBACK_BATCH_MAX = 500;

export const CashbackPercentRequestSchema = z.strictObject({ hotelIds: z.array(ProviderIdSchema).min(1).max(CASHBACK_BATCH_MAX) });
export type CashbackPercentRequest = z.infer<typeof CashbackPercentRequestSchema>;

/** A percent the provider states; out of range counts as no statement. */
const PercentSchema = z.number().min(0).max(100);

/** Unknown hotels are left out of `items`. */
export const ProviderCashbackPercentsSchema = z.looseObject({
  items: z.array(z.looseObject({ hotelId: z.string(), percent: PercentSchema.optional().catch(undefined) })),
});
export type ProviderCashbackPercents = z.infer<typeof ProviderCashbackPercentsSchema>;

export const MaxCashbackQuerySchema = z.strictObject({ destinationId: ProviderIdSchema, checkinDate: IsoDateSchema, checkoutDate: IsoDateSchema });
export type MaxCashbackQuery = z.infer<typeof MaxCashbackQuerySchema>;

/** The search's highest percent, and the most one booking earns (a programme cap), when stated. */
export const ProviderMaxCashbackSchema = z.looseObject({
  maxPercent: PercentSchema,
  maxAmount: ProviderMoneySchema.nullable().optional(),
});
export type ProviderMaxCashback = z.infer<typeof ProviderMaxCashbackSchema>;

export const ProviderBnplOfferRequestSchema = z.strictObject(ProviderStayShape);
export type ProviderBnplOfferRequest = z.infer<typeof ProviderBnplOfferRequestSchema>;

export const ProviderInstalmentOfferSchema = z.looseObject({
  rateId: z.string(),
  product: z.string().optional(),
  paymentsCount: z.number().int().min(2).max(60),
  periodDays: z.number().int().min(1).max(366),
  firstPayment: ProviderMoneySchema,
  nextPayment: ProviderMoneySchema.optional(),
  overpayment: ProviderMoneySchema.nullable().optional(),
});
export type ProviderInstalmentOffer = z.infer<typeof ProviderInstalmentOfferSchema>;

/** Offers for the hotel's rates by rateId; a rate without one is left out. */
export const ProviderBnplOffersSchema = z.looseObject({ hotelId: z.string(), offers: z.array(ProviderInstalmentOfferSchema) });
export type ProviderBnplOffers = z.infer<typeof ProviderBnplOffersSchema>;

export const TrancheQuerySchema = z.strictObject({ amount: z.number().positive().max(1e9), currency: z.string().regex(/^[A-Z]{3}$/) });
export type TrancheQuery = z.infer<typeof TrancheQuerySchema>;

export const ProviderTrancheAmountSchema = z.looseObject({
  available: z.boolean(),
  availableAmount: ProviderMoneySchema,
  minAmount: ProviderMoneySchema.optional(),
  maxAmount: ProviderMoneySchema.optional(),
});
export type ProviderTrancheAmount = z.infer<typeof ProviderTrancheAmountSchema>;

export const SeoSearchQuerySchema = z.strictObject({
  query: z.string().trim().min(2).max(100),
  destinationId: ProviderIdSchema.optional(),
  limit: z.number().int().min(1).max(50).optional(),
});
export type SeoSearchQuery = z.infer<typeof SeoSearchQuerySchema>;

export const ProviderSeoSearchSchema = z.looseObject({
  items: z.array(z.looseObject({ type: z.string(), id: z.string(), name: z.string(), path: z.string() })),
  total: z.number().int().min(0),
});
export type ProviderSeoSearch = z.infer<typeof ProviderSeoSearchSchema>;

/** A site path: no scheme or host, so a resource read never names another origin. */
export const SeoPathSchema = z.string().max(300).regex(/^\/[\w\-./~%]*$/, "expected a site path starting with /");

export const ProviderSeoResourceSchema = z.looseObject({
  path: z.string(),
  type: z.string(),
  title: z.string(),
  canonicalUrl: z.string().optional(),
});
export type ProviderSeoResource = z.infer<typeof ProviderSeoResourceSchema>;

export const SeoUrlsQuerySchema = z.strictObject({
  destinationId: ProviderIdSchema,
  offset: z.number().int().min(0).max(100_000).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
export type SeoUrlsQuery = z.infer<typeof SeoUrlsQuerySchema>;

export const ProviderSeoUrlsSchema = z.looseObject({
  items: z.array(z.looseObject({ type: z.string(), id: z.string(), url: z.string() })),
  total: z.number().int().min(0),
  nextOffset: z.number().int().min(0).nullable(),
});
export type ProviderSeoUrls = z.infer<typeof ProviderSeoUrlsSchema>;

export const DeeplinkRequestSchema = z.strictObject({ hotelId: ProviderIdSchema, ...ProviderStayShape });
export type DeeplinkRequest = z.infer<typeof DeeplinkRequestSchema>;

export const ProviderDeeplinkSchema = z.looseObject({ token: z.string().min(1).max(256) });
export type ProviderDeeplink = z.infer<typeof ProviderDeeplinkSchema>;

export const ProviderRedirectUrlSchema = z.looseObject({ url: z.string() });
export type ProviderRedirectUrl = z.infer<typeof ProviderRedirectUrlSchema>;
