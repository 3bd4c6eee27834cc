// A hotel's own description may say "in the centre" of a hotel the search puts kilometres away
// (the provider measures distanceToCenterKm from the city centre). The person would take the
// description's word: the answer says the distance beside the claim.

/** Beyond this many km from the centre, "in the centre" is not what a person walking it would call it. */
export const CENTRE_CLAIM_MAX_KM = 3;

// "От центра", "до центра" are distances, not claims: only being in, or at the heart of, the centre.
const CLAIM = /(?:в|на)\s+(?:самом\s+)?(?:историческом\s+|старом\s+)?центре(?:\s+города)?|в\s+сердце\s+города|(?:in|at)\s+(?:the\s+)?(?:very\s+)?(?:heart\s+of\s+the\s+(?:city|town)|(?:(?:historic(?:al)?|old)\s+)?(?:(?:city|town)\s+)?cent(?:re|er)(?:\s+of\s+(?:the\s+)?(?:city|town))?)|downtown/iu;

/** The claim as the description words it, when the hotel stands farther than CENTRE_CLAIM_MAX_KM from the centre; else null. */
export function farCentreClaim(description: string, distanceToCenterKm: number): string | null {
  if (!Number.isFinite(distanceToCenterKm) || distanceToCenterKm <= CENTRE_CLAIM_MAX_KM) return null;
  return CLAIM.exec(description)?.[0] ?? null;
}
