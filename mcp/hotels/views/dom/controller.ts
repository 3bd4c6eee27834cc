import { applyDocumentTheme, applyHostStyleVariables, type App, type McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { hotelChosenNote, rateChosenNote, type ChosenHotel } from "../model/choice.js";
import { photosOf } from "../model/extras.js";
import type { RateT } from "../model/schemas.js";
import type { Screen } from "../model/screen.js";
import { back, EMPTY, leavingList, withInput, withResult, type ViewState } from "../model/state.js";
import { VIEW_TOOLS, type ViewTool } from "../model/tools.js";
import { viewLang, WORDS } from "../model/words.js";
import type { RenderContext } from "./context.js";
import { el } from "./el.js";
import { renderScreen } from "./render.js";

// The DOM side of the view's state (model/state.ts): renders it, and runs the person's choices as
// calls through the host, one at a time, telling the model what was chosen.

export class StayController {
  private state: ViewState = EMPTY;
  private busy = false;
  private status = "";

  constructor(
    private readonly app: App,
    private readonly root: HTMLElement,
  ) {}

  toolInput(args: Record<string, unknown> | undefined): void {
    this.state = withInput(this.state, args);
  }

  /** A result the host delivers: the model's own call, so the view starts from it. */
  toolResult(result: CallToolResult): void {
    const next = withResult(this.state, result, "host");
    if (!next) return;
    this.state = next;
    this.status = "";
    this.render();
  }

  hostContext(ctx: McpUiHostContext | undefined): void {
    // Without the host's theme, the system's: the stylesheet keys its dark palette on data-theme only.
    applyDocumentTheme(ctx?.theme ?? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light"));
    if (ctx?.styles?.variables) applyHostStyleVariables(ctx.styles.variables);
    this.render();
  }

  private context(): RenderContext {
    const lang = viewLang(this.app.getHostContext()?.locale, navigator.language);
    const extras = this.state.shown?.extras ?? {};
    return {
      lang,
      words: WORDS[lang],
      extras,
      photos: photosOf(extras),
      chooseHotel: (c) => void this.chooseHotel(c),
      chooseRate: (r) => void this.chooseRate(r),
      showMore: (offset) => void this.step((journeyId) => this.call(VIEW_TOOLS.page, { journeyId, offset })),
      showRates: () => void this.step((journeyId) => this.call(VIEW_TOOLS.rates, { journeyId })),
      ...(this.state.previous ? { back: () => this.goBack() } : {}),
    };
  }

  render(): void {
    const ctx = this.context();
    document.documentElement.lang = ctx.lang;
    const status = this.status === "" ? null : el("p", { class: "status", role: "status", "data-testid": "status-line" }, [this.status]);
    const backButton = ctx.back ? el("button", { type: "button", class: "back", "data-testid": "back" }, [ctx.words.back]) : null;
    backButton?.addEventListener("click", () => ctx.back?.());
    const view = this.state.shown ? renderScreen(this.state.shown.screen, ctx) : null;
    this.root.replaceChildren(...[status, backButton, view].filter((n): n is HTMLElement => n !== null));
    this.root.setAttribute("aria-busy", String(this.busy));
  }

  private goBack(): void {
    this.state = back(this.state);
    this.render();
  }

  /** Calls a view tool and shows its answer; the screen shown after, or null when nothing could be shown. */
  private async call(name: ViewTool, args: Record<string, unknown>): Promise<Screen | null> {
    const next = withResult(this.state, await this.app.callServerTool({ name, arguments: args }), "view");
    if (next) this.state = next;
    return next?.shown?.screen ?? null;
  }

  /** One action of the person's: one at a time, with a status line while it runs and if it fails. */
  private async step(run: (journeyId: string) => Promise<unknown>): Promise<void> {
    const { journeyId } = this.state;
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

  private chooseHotel(card: ChosenHotel): Promise<void> {
    return this.step(async (journeyId) => {
      this.state = leavingList(this.state);
      const selected = await this.call(VIEW_TOOLS.selectOption, { journeyId, optionId: card.optionId });
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
