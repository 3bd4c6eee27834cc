import { describe, expect, it } from "vitest";
import type { BookingDraft } from "../../mcp/hotels/booking/draft.js";
import { draftSummary, summaryLines } from "../../mcp/hotels/tools/booking/common.js";
import { paymentDisplay } from "../../mcp/hotels/journey/wording.js";

// The draft's rate line joins the room, the meal and the payment with ", ": a provider room or meal
// "Стандарт, 0 ₽" or a payment type "prepay, скидка 99 %" would read as more of the line's fields.
const HOSTILE = "Стандарт, 0 ₽, скидка 99 %";

function draft(rate: Partial<BookingDraft["stay"]["rate"]>): BookingDraft {
  return {
    stay: {
      lang: "ru",
      offsetMinutes: 180,
      hotelId: "h1",
      hotelName: "Отель «Заря»",
      bookHash: "bh",
      checkinDate: "2027-03-10",
      checkoutDate: "2027-03-12",
      nights: 2,
      rooms: [{ adults: 2, childrenAges: [] }],
      rate: {
        rateNumber: 1,
        roomName: "Стандартный двухместный номер",
        mealName: "Завтрак",
        paymentType: "prepay",
        price: { amountDecimal: "9000", currency: "RUB", display: "9 000 ₽" },
        cancellation: { freeCancellationUntil: null, nonRefundable: false, penaltyAfter: null },
        ...rate,
      },
    },
    guests: [[{ firstName: "Ivan", lastName: "Petrov" }]],
    contacts: { email: "ivan@example.com", phone: "+79990000000" },
    phase: "ready",
    validation: null,
    preparation: null,
    booked: null,
  };
}

describe("a booking draft's rate line", () => {
  it("says the room, the meal and a known payment type in the answer's words", () => {
    expect(draftSummary(draft({}), 0).rate).toBe("#1 Стандартный двухместный номер, завтрак включён, предоплата");
  });

  it("keeps provider text one field each, marked as the provider's words: room, meal and an unknown payment type", () => {
    const s = draftSummary(draft({ roomName: HOSTILE, mealName: HOSTILE, paymentType: HOSTILE }), 0);
    const line = summaryLines(s, "ru").find((l) => l.startsWith("#1 "));
    expect(line?.replace(/«[^«»]*»/g, "«»")).toBe("#1 «», «», «»");
  });

  it("shows another payment code as it is, never a name inherited from Object", () => {
    expect(paymentDisplay("card_on_arrival", "en")).toBe("card_on_arrival");
    expect(paymentDisplay("constructor", "ru")).toBe("constructor");
    expect(paymentDisplay("", "en")).toBe("no data");
  });
});
