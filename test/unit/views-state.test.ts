import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { back, EMPTY, leavingList, withInput, withResult, type ResultLike, type ViewState } from "../../mcp/hotels/views/model/state.js";

// The view's state between results (model/state.ts), on results recorded from the sandbox.

const recorded = (name: string): ResultLike & { structuredContent: Record<string, unknown> } =>
  JSON.parse(readFileSync(`test/fixtures/views/${name}.json`, "utf8")) as ResultLike & { structuredContent: Record<string, unknown> };
const apply = (state: ViewState, name: string, from: "host" | "view"): ViewState => {
  const next = withResult(state, recorded(name), from);
  if (!next) throw new Error(`${name}: nothing to show`);
  return next;
};

describe("views: state between results", () => {
  const plan = recorded("plan-stay-ru");
  const onCards = apply(EMPTY, "plan-stay-ru", "host");

  it("a plan shows its cards with its extras and names the journey", () => {
    expect(onCards.shown?.screen.kind).toBe("cards");
    expect(onCards.journeyId).toBe(plan.structuredContent.journeyId);
    expect(onCards.shown?.extras.options?.length).toBe((plan.structuredContent.options as unknown[]).length);
    expect(onCards.previous).toBeNull();
  });

  it("a choice in the view keeps the way back, the journey and the photos through the rates answers", () => {
    const chosen = apply(apply(leavingList(onCards), "select-stay-option-ru", "view"), "get-selected-stay-rates-ru", "view");
    expect(chosen.shown?.screen.kind).toBe("rates");
    expect(chosen.journeyId).toBe(onCards.journeyId);
    expect(chosen.previous).toBe(onCards.shown);
    expect(chosen.shown?.extras).toBe(onCards.shown?.extras);
    const rate = apply(chosen, "select-stay-rate-ru", "view");
    expect(rate.shown?.screen.kind).toBe("rate-selected");
    expect(back(rate)).toEqual({ shown: onCards.shown, previous: null, journeyId: onCards.journeyId });
  });

  it("the model's own call starts over: no way back", () => {
    const chosen = apply(leavingList(onCards), "select-stay-option-ru", "view");
    expect(chosen.previous).not.toBeNull();
    expect(apply(chosen, "get-selected-stay-rates-ru", "host").previous).toBeNull();
  });

  it("only lists are a way back; back without one changes nothing", () => {
    const onRates = apply(EMPTY, "get-selected-stay-rates-ru", "host");
    expect(leavingList(onRates)).toBe(onRates);
    expect(back(onRates)).toBe(onRates);
    expect(leavingList(apply(EMPTY, "compare-stay-options-ru", "host")).previous?.screen.kind).toBe("compare");
  });

  it("the rates tools name the journey only in their input; a result without content keeps the screen", () => {
    const onRates = apply(withInput(EMPTY, { journeyId: "jrn_from_input" }), "get-selected-stay-rates-ru", "host");
    expect(onRates.journeyId).toBe("jrn_from_input");
    expect(withInput(onRates, { journeyId: "" })).toBe(onRates);
    expect(withInput(onRates, undefined)).toBe(onRates);
    expect(withResult(onRates, { content: [] } as ResultLike, "host")).toBeNull();
  });
});
