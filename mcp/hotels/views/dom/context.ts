import type { ChosenHotel } from "../model/choice.js";
import type { RateT } from "../model/schemas.js";
import type { ViewExtrasT } from "../model/extras.js";
import type { ViewLang, Words } from "../model/words.js";

/** What every view renders with: the reader's language, the result's extras, and the person's choices. */
export interface RenderContext {
  lang: ViewLang;
  words: Words;
  extras: ViewExtrasT;
  photos: ReadonlyMap<string, string>;
  chooseHotel(hotel: ChosenHotel): void;
  chooseRate(rate: RateT): void;
  /** The next page of the journey's options, from the offset after the last card shown. */
  showMore(offset: number): void;
  /** The selected hotel's rates (after the model selected it). */
  showRates(): void;
  /** Set when the view replaced a list with its own calls: back to that list. */
  back?: () => void;
}
