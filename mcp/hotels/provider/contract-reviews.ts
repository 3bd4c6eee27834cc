import { z } from "zod";

// Inferred shape (the seed names get_reviews, not its fields): docs/provider-contract.md, section reviews.

export const ReviewsQuerySchema = z.strictObject({
  offset: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(50).default(10),
});
export type ReviewsQuery = z.input<typeof ReviewsQuerySchema>;

export const ProviderReviewSchema = z.looseObject({
  reviewId: z.string().optional(),
  /** 0..10, like the hotel's rating. */
  rating: z.number().nullish(),
  /** An instant with its offset, or a date. */
  createdAt: z.string().optional(),
  /** Read and never shown: the journey quotes reviews without their authors. */
  authorName: z.string().nullish(),
  text: z.string().nullish(),
  /** What the guest liked and disliked, when the review form asks for them apart (inferred). */
  pros: z.string().nullish(),
  cons: z.string().nullish(),
});
export type ProviderReview = z.infer<typeof ProviderReviewSchema>;

export const ProviderReviewsPageSchema = z.looseObject({
  hotelId: z.string().optional(),
  /** The average, 0..10; the same figure as the search feed's rating. */
  rating: z.number().nullable(),
  reviewsCount: z.number().int().min(0),
  offset: z.number().int().min(0).optional(),
  nextOffset: z.number().int().min(0).nullable().optional(),
  items: z.array(ProviderReviewSchema),
});
export type ProviderReviewsPage = z.infer<typeof ProviderReviewsPageSchema>;
