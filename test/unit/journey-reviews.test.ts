import { describe, expect, it } from "vitest";
import { cutAtWord, MAX_QUOTES, QUOTES_BUDGET, REVIEW_PART_MAX, reviewFacts } from "../../mcp/hotels/journey/reviews.js";
import type { ProviderReviewsPage } from "../../mcp/hotels/provider/index.js";

const page = (items: ProviderReviewsPage["items"]): ProviderReviewsPage => ({ rating: 8.1, reviewsCount: 40, items });

describe("reviews as guests wrote them", () => {
  it("quotes a review whole: the complaint after the praise stays", () => {
    const r = reviewFacts(page([{ createdAt: "2027-02-20", authorName: "Анна", text: "Красивый вид из окна. Завтрак однообразный." }]), 180);
    expect(r.quotes).toEqual([{ date: "2027-02-20", text: "Красивый вид из окна. Завтрак однообразный." }]);
  });

  it("keeps a guest's pros and cons apart, as the provider gives them, with any general text", () => {
    const r = reviewFacts(page([{ text: "Ездили на выходные.", pros: "Вид из окна.", cons: "Завтрак однообразный." }, { pros: "", cons: "Шумно." }]), null);
    expect(r.quotes).toEqual([
      { date: null, text: "Ездили на выходные.", pros: "Вид из окна.", cons: "Завтрак однообразный." },
      { date: null, cons: "Шумно." },
    ]);
  });

  it("skips reviews without words and repeats, never names the author, and stops at MAX_QUOTES", () => {
    const items = [{ text: "" }, { text: "Хорошо." }, { text: "Хорошо." }, { text: "A." }, { text: "B." }, { text: "C." }].map((x, i) => ({ ...x, authorName: `Автор${i}` }));
    const r = reviewFacts(page(items), null);
    expect(r.quotes.map((q) => q.text)).toEqual(["Хорошо.", "A.", "B."]);
    expect(r.quotes).toHaveLength(MAX_QUOTES);
    expect(JSON.stringify(r)).not.toContain("Автор");
  });

  it("cuts a long part after a whole word with an ellipsis, and keeps later reviews within the budget", () => {
    const long = Array.from({ length: 120 }, (_, i) => `слово${i}`).join(" ");
    const other = long.replace(/слово/g, "ещё");
    // The third would pass the budget whole: it is left out, and the short fourth still fits.
    const r = reviewFacts(page([{ text: long }, { text: other }, { pros: long.replace(/слово/g, "плюс") }, { text: "Коротко." }]), null);
    const first = r.quotes[0]?.text ?? "";
    expect(first.endsWith("…")).toBe(true);
    expect(Array.from(first).length).toBeLessThanOrEqual(REVIEW_PART_MAX);
    // Every word kept is whole: the text before the ellipsis is a prefix of the review at a word's end.
    expect(long.startsWith(first.slice(0, -1))).toBe(true);
    expect(long.charAt(first.length - 1)).toBe(" ");
    const total = r.quotes.reduce((n, q) => n + Array.from(`${q.text ?? ""}${q.pros ?? ""}${q.cons ?? ""}`).length, 0);
    expect(total).toBeLessThanOrEqual(QUOTES_BUDGET);
    expect(r.quotes.map((q) => q.text?.slice(0, 5) ?? q.pros?.slice(0, 5))).toEqual(["слово", "ещё0 ", "Корот"]);
  });

  it("cutAtWord: whole when it fits, else whole words and «…», trailing commas dropped; one long word is cut inside", () => {
    expect(cutAtWord("Тихо, уютно.", 20)).toBe("Тихо, уютно.");
    expect(cutAtWord("Тихо, уютно, чисто и светло.", 14)).toBe("Тихо, уютно…");
    expect(cutAtWord("а".repeat(30), 10)).toBe(`${"а".repeat(9)}…`);
  });
});
