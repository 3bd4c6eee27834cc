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

export class StayController {
  private screen: Screen | null = null;
  private extras: ViewExtrasT = {};
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

  toolResult(result: CallToolResult): void {
    const screen = screenOf(result.structuredContent);
    if (!screen) return;
    this.screen = screen;
    this.extras = screen.kind === "cards" || screen.kind === "compare" || screen.kind === "details" ? extrasOf(result._meta) : this.extras;
    this.journeyId = journeyOf(screen) ?? this.journeyId;
    this.status = "";
    this.render();
  }

  hostContext(ctx: McpUiHostContext | undefined): void {
    if (ctx?.theme) applyDocumentTheme(ctx.theme);
    if (ctx?.styles?.variables) applyHostStyleVariables(ctx.styles.variables);
    this.render();
  }

  private context(): RenderContext {
    const lang = viewLang(this.app.getHostContext()?.locale, navigator.language);
    return { lang, words: WORDS[lang], extras: this.extras, photos: photosOf(this.extras), chooseHotel: (c) => void this.chooseHotel(c), chooseRate: (r) => void this.chooseRate(r) };
  }

  render(): void {
    const ctx = this.context();
    const status = this.status === "" ? null : el("p", { class: "status", role: "status", "data-testid": "status-line" }, [this.status]);
    this.root.replaceChildren(...[status, this.screen ? renderScreen(this.screen, ctx) : null].filter((n): n is HTMLElement => n !== null));
    this.root.setAttribute("aria-busy", String(this.busy));
  }

  private async call(name: ViewTool, args: Record<string, unknown>): Promise<Screen | null> {
    const result = await this.app.callServerTool({ name, arguments: args });
    return screenOf(result.structuredContent);
  }

  private async step(run: (journeyId: string) => Promise<void>): Promise<void> {
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
    return this.step(async (journeyId) => {
      const selected = await this.call(VIEW_TOOLS.selectOption, { journeyId, optionId: card.optionId });
      if (selected?.kind !== "selected") {
        this.screen = selected;
        return;
      }
      this.screen = (await this.call(VIEW_TOOLS.rates, { journeyId })) ?? selected;
      await this.tell(hotelChosenNote(card, journeyId));
    });
  }

  private chooseRate(rate: RateT): Promise<void> {
    return this.step(async (journeyId) => {
      this.screen = await this.call(VIEW_TOOLS.selectRate, { journeyId, rateNumber: rate.rateNumber });
      if (this.screen?.kind === "rate-selected") await this.tell(rateChosenNote(rate, journeyId));
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
