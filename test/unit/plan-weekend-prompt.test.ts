import { describe, expect, it } from "vitest";
import { comingWeekend } from "../../mcp/hotels/prompts/plan-weekend.js";

describe("plan_weekend's dates", () => {
  it.each([
    ["2027-03-01", "2027-03-05"], // Monday
    ["2027-03-04", "2027-03-05"], // Thursday
    ["2027-03-05", "2027-03-05"], // Friday: this weekend, checking in today
    ["2027-03-06", "2027-03-12"], // Saturday: the next one
    ["2027-03-07", "2027-03-12"], // Sunday
    ["2028-02-25", "2028-02-25"], // a Friday before a leap day
    ["2027-12-30", "2027-12-31"], // across the year
  ])("from %s: Friday %s to Sunday", (today, friday) => {
    const { checkinDate, checkoutDate } = comingWeekend(today);
    expect(checkinDate).toBe(friday);
    expect(new Date(`${checkinDate}T00:00:00Z`).getUTCDay()).toBe(5);
    expect(new Date(`${checkoutDate}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(Date.parse(checkoutDate) - Date.parse(checkinDate)).toBe(2 * 86_400_000);
  });
});
