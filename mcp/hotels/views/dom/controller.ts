import { applyDocumentTheme, applyHostStyleVariables, type App, type McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { hotelChosenNote, rateChosenNote } from "../model/choice.js";
import { extrasOf, photosOf, type ViewExtrasT } from "../model/extras.js";
import type { CardT, RateT } from "../model/schemas.js";
import { journeyOf, screenOf, type Screen } from "../model/screen.js";
import { VIEW_TOOLS, type ViewTool } from "../model/tools.js";
import { viewLang, WORDS } from "../model/words.js";
import type { RenderContext } from "./context.js";
import { el } from "./el.js";
import { renderScreen } from "./render.js";

// The view's state and the person's choices. A result from the host (the model's call) or from
// the view's own calls replaces the screen; the journeyId is kept from the last result that named
// it, or from the tool's arguments, because the rates answers do not repeat it.

interface Shown {
  screen: Screen;
  extras: ViewExtrasT;
}

/** The screens that carry photos and positions in their result's _meta. */
const WITH_EXTRAS: ReadonlySet<Screen["kind"]> = new Set(["cards", "compare", "details"]);

export class StayController {
  private shown: Shown | null = null;
  /** The list the person left by choosing in the view, so they can go back to it. */
  private previous: Shown | null = null;
  private journeyId: string | undefined;
  private busy = false;
  private status = "";

  constructor(
    private readonly app: App,
    private readonly root: HTMLElement,
  ) {}

  toolInput(args: Record<string, unknown> | undefined): void {
    const id = args?.journeyId;
    if (typeof id === "string" && id !== "") this.journeyId = id;
  }

  /** A result the host delivers: the model's own call, so the view starts from it. */
  toolResult(result: CallToolResult): void {
    if (!this.show(result)) return;
    this.previous = null;
    this.status = "";
    this.render();
  }

  hostContext(ctx: McpUiHostContext | undefined): void {
    if (ctx?.theme) applyDocumentTheme(ctx.theme);
    if (ctx?.styles?.variables) applyHostStyleVariables(ctx.styles.variables);
    this.render();
  }

  private show(result: CallToolResult): boolean {
    const screen = screenOf(result.structuredContent);
    if (!screen) return false;
    this.shown = { screen, extras: WITH_EXTRAS.has(screen.kind) ? extrasOf(result._meta) : (this.shown?.extras ?? {}) };
    this.journeyId = journeyOf(screen) ?? this.journeyId;
    return true;
  }

  private context(): RenderContext {
    const lang = viewLang(this.app.getHostContext()?.locale, navigator.language);
    const extras = this.shown?.extras ?? {};
    const previous = this.previous;
    return {
      lang,
      words: WORDS[lang],
      extras,
      photos: photosOf(extras),
      chooseHotel: (c) => void this.chooseHotel(c),
      chooseRate: (r) => void this.chooseRate(r),
      showMore: (offset) => void this.step((journeyId) => this.call(VIEW_TOOLS.page, { journeyId, offset })),
      showRates: () => void this.step((journeyId) => this.call(VIEW_TOOLS.rates, { journeyId })),
      ...(previous ? { back: () => this.back(previous) } : {}),
    };
  }

  render(): void {
    const ctx = this.context();
    document.documentElement.lang = ctx.lang;
    const status = this.status === "" ? null : el("p", { class: "status", role: "status", "data-testid": "status-line" }, [this.status]);
    const back = ctx.back ? el("button", { type: "button", class: "back", "data-testid": "back" }, [ctx.words.back]) : null;
    back?.addEventListener("click", () => ctx.back?.());
    const view = this.shown ? renderScreen(this.shown.screen, ctx) : null;
    this.root.replaceChildren(...[status, back, view].filter((n): n is HTMLElement => n !== null));
    this.root.setAttribute("aria-busy", String(this.busy));
  }

  private back(to: Shown): void {
    this.shown = to;
    this.previous = null;
    this.render();
  }

  private async call(name: ViewTool, args: Record<string, unknown>): Promise<Screen | null> {
    const result = await this.app.callServerTool({ name, arguments: args });
    return this.show(result) ? (this.shown?.screen ?? null) : null;
  }

  /** One action of the person's: one at a time, with a status line while it runs and if it fails. */
  private async step(run: (journeyId: string) => Promise<unknown>): Promise<void> {
    const journeyId = this.journeyId;
    if (this.busy || journeyId === undefined) return;
    const words = this.context().words;
    this.busy = true;
    this.status = words.loading;
    this.render();
    try {
      await run(journeyId);
      this.status = "";
    } catch {
      this.status = words.failed;
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private chooseHotel(card: CardT): Promise<void> {
    const list = this.shown && (this.shown.screen.kind === "cards" || this.shown.screen.kind === "compare" || this.shown.screen.kind === "details") ? this.shown : null;
    return this.step(async (journeyId) => {
      const selected = await this.call(VIEW_TOOLS.selectOption, { journeyId, optionId: card.optionId });
      this.previous = list;
      if (selected?.kind !== "selected") return;
      await this.call(VIEW_TOOLS.rates, { journeyId });
      await this.tell(hotelChosenNote(card, journeyId));
    });
  }

  private chooseRate(rate: RateT): Promise<void> {
    return this.step(async (journeyId) => {
      const screen = await this.call(VIEW_TOOLS.selectRate, { journeyId, rateNumber: rate.rateNumber });
      if (screen?.kind === "rate-selected") await this.tell(rateChosenNote(rate, journeyId));
    });
  }

  /** The model did not see the click: a context update where the host takes one, else a chat message. */
  private async tell(text: string): Promise<void> {
    const caps = this.app.getHostCapabilities();
    const content = [{ type: "text" as const, text }];
    if (caps?.updateModelContext) await this.app.updateModelContext({ content });
    else if (caps?.message) await this.app.sendMessage({ role: "user", content });
  }
}
