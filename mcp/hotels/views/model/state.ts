import { extrasOf, type ViewExtrasT } from "./extras.js";
import { journeyOf, screenOf, type Screen } from "./screen.js";

// The view's state between results, kept apart from the DOM so its rules are unit-tested: which
// screen shows, with which photos and positions, in which journey, and where "back" leads.

export interface Shown {
  screen: Screen;
  extras: ViewExtrasT;
}

export interface ViewState {
  shown: Shown | null;
  /** The list the person left by choosing in the view, so they can go back to it. */
  previous: Shown | null;
  /** From the last result or tool input that named it: the rates answers do not repeat it. */
  journeyId?: string;
}

export const EMPTY: ViewState = { shown: null, previous: null };

/** The screens whose result carries photos and positions in `_meta`; the others keep the last ones. */
const WITH_EXTRAS: ReadonlySet<Screen["kind"]> = new Set(["cards", "compare", "details"]);
/** The lists a choice leaves, and "back" returns to. */
const LISTS: ReadonlySet<Screen["kind"]> = new Set(["cards", "compare", "details"]);

export interface ResultLike {
  structuredContent?: unknown;
  _meta?: unknown;
}

/**
 * The state after a result; null when the result has nothing the view can show (the screen stays).
 * `from: "host"` is the model's own call, which starts over; `from: "view"` is the view's call after
 * a choice, which keeps the way back.
 */
export function withResult(state: ViewState, result: ResultLike, from: "host" | "view"): ViewState | null {
  const screen = screenOf(result.structuredContent);
  if (!screen) return null;
  const extras = WITH_EXTRAS.has(screen.kind) ? extrasOf(result._meta) : (state.shown?.extras ?? {});
  const journeyId = journeyOf(screen) ?? state.journeyId;
  return { shown: { screen, extras }, previous: from === "host" ? null : state.previous, ...(journeyId === undefined ? {} : { journeyId }) };
}

/** The tool's arguments name the journey before its result does (the rates tools only there). */
export function withInput(state: ViewState, args: Record<string, unknown> | undefined): ViewState {
  const id = args?.journeyId;
  return typeof id === "string" && id !== "" ? { ...state, journeyId: id } : state;
}

/** Before a choice: remember the list on screen, if it is one, as the way back. */
export function leavingList(state: ViewState): ViewState {
  return state.shown && LISTS.has(state.shown.screen.kind) ? { ...state, previous: state.shown } : state;
}

export function back(state: ViewState): ViewState {
  return state.previous ? { ...state, shown: state.previous, previous: null } : state;
}
