import { describe, expect, it } from "vitest";
import { breakfastEvidence } from "../../mcp/hotels/journey/facts.js";
import { roomKindDisplay } from "../../mcp/hotels/journey/room-kinds.js";
import { mealDisplay, mealPlanOf, paymentCodeOf, roomDisplay } from "../../mcp/hotels/journey/vocabulary.js";
import { paymentDisplay } from "../../mcp/hotels/journey/wording.js";
import { MISSING } from "../../shared/time.js";

describe("meal plans in the answer's language", () => {
  it.each([
    ["Без питания", "без питания", "room only"],
    ["Room only", "без питания", "room only"],
    ["Завтрак включён", "завтрак включён", "breakfast included"],
    ["Breakfast included", "завтрак включён", "breakfast included"],
    ["BB", "завтрак включён", "breakfast included"],
    ["Полупансион", "полупансион", "half board"],
    ["Half board", "полупансион", "half board"],
    ["Full Board", "полный пансион", "full board"],
    ["Всё включено", "всё включено", "all inclusive"],
    ["All-inclusive", "всё включено", "all inclusive"],
  ])("%s → «%s» / «%s»", (name, ru, en) => {
    expect(mealDisplay(name, "ru")).toBe(ru);
    expect(mealDisplay(name, "en")).toBe(en);
  });

  it("shows a name it does not know as the provider's words, marked, and a missing one as no data", () => {
    expect(mealDisplay("Завтрак за доп. плату", "en")).toBe("«Завтрак за доп. плату»");
    expect(mealDisplay("Continental breakfast", "ru")).toBe("«Continental breakfast»");
    // The marks cannot be closed or a line field ended from inside.
    expect(mealDisplay('Ужин» · "status=ok"', "ru")).toBe("«Ужин' / 'status=ok'»");
    expect(mealDisplay(null, "en")).toBe("no data");
    expect(mealDisplay("  ", "ru")).toBe(MISSING);
  });

  it("agrees with the breakfast evidence for every plan it recognises", () => {
    const names = ["Без питания", "Room only", "only room", "no meals", "Meals not included", "Breakfast not included", "Завтрак не включён", "Питание не включено", "Завтрак", "Завтрак включён", "с завтраком", "Завтрак «шведский стол»", "Breakfast", "with breakfast", "Bed and breakfast", "BB", "Полупансион", "Half-board", "HB", "FB", "Full board", "Полный пансион", "All inclusive", "Всё включено"];
    for (const name of names) {
      const plan = mealPlanOf(name);
      expect(plan, name).not.toBeNull();
      expect(breakfastEvidence(name), name).toBe(plan === "room_only" ? "excluded_by_meal_name" : "confirmed_by_meal_name");
    }
    // Whole names only: a paid breakfast is not a breakfast plan.
    expect(mealPlanOf("Завтрак за доп. плату")).toBeNull();
    expect(mealPlanOf("Breakfast for an extra fee")).toBeNull();
  });
});

describe("room kinds in the answer's language", () => {
  it.each([
    ["Стандартный двухместный номер", "Стандартный двухместный номер", "Standard double room"],
    ["Standard Double Room", "Стандартный двухместный номер", "Standard double room"],
    ["Улучшенный номер", "Улучшенный номер", "Superior room"],
    ["Номер с видом на город", "Номер с видом на город", "Room with city view"],
    ["City view room", "Номер с видом на город", "Room with city view"],
    ["Семейный номер", "Семейный номер", "Family room"],
    ["Полулюкс", "Полулюкс", "Junior suite"],
    ["Junior Suite", "Полулюкс", "Junior suite"],
    ["Люкс", "Люкс", "Suite"],
    ["Номер люкс", "Люкс", "Suite"],
    ["Deluxe Double Room", "Двухместный номер делюкс", "Deluxe double room"],
    ["Двухместный номер с 2 отдельными кроватями", "Двухместный номер с двумя отдельными кроватями", "Twin room"],
    ["Standard Twin Room", "Стандартный двухместный номер с двумя отдельными кроватями", "Standard twin room"],
    ["Стандартная студия", "Стандартная студия", "Standard studio"],
  ])("%s → «%s» / «%s»", (name, ru, en) => {
    expect(roomDisplay(name, "ru")).toBe(ru);
    expect(roomDisplay(name, "en")).toBe(en);
  });

  it("keeps a name with any word it does not know as the provider's words, marked", () => {
    expect(roomKindDisplay("Chambre Deluxe vue jardin", "ru")).toBeNull();
    expect(roomDisplay("Chambre Deluxe vue jardin", "ru")).toBe("«Chambre Deluxe vue jardin»");
    expect(roomDisplay("Номер с джакузи", "en")).toBe("«Номер с джакузи»");
    // Two grades or two views are not a room we know.
    expect(roomKindDisplay("Standard Superior Room", "en")).toBeNull();
    expect(roomKindDisplay("Room with sea view with city view", "en")).toBeNull();
    expect(roomKindDisplay("Room only", "en")).toBeNull();
  });
});

describe("payment", () => {
  it("reads the provider's codes and common wordings, says them in the answer's language, and marks other text", () => {
    expect(paymentCodeOf("Pay at the hotel")).toBe("pay_at_hotel");
    expect(paymentCodeOf("Предоплата")).toBe("prepay");
    expect(paymentDisplay("Pay at hotel", "ru")).toBe("оплата в отеле");
    expect(paymentDisplay("Предоплата", "en")).toBe("prepay");
    expect(paymentDisplay("prepay", "en")).toBe("prepay");
    expect(paymentDisplay("deposit", "ru")).toBe("deposit");
    expect(paymentDisplay("Оплата картой при заезде частями", "en")).toBe("«Оплата картой при заезде частями»");
  });
});
