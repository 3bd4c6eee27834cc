import { TaskStopped, type Agent, type Reading, type Task } from "./tasks.js";

// The questions of issue 30, each as a person asks it and as a competent agent answers it. Every
// check reads only what the model read: the structured JSON and the text of the answers.

const STAY = { checkinDate: "2027-04-09", checkoutDate: "2027-04-11" };
const FAMILY = [{ adults: 2, childrenAges: [7] }];
const TWO_ADULTS = [{ adults: 2, childrenAges: [] }];

type Card = Record<string, unknown> & { optionId: string; name: string };

/** The answer's status must be one the agent goes on from; otherwise the task stops there, saying why. */
function expectStatus(r: Reading, ...statuses: string[]): Reading {
  if (r.isError || !statuses.includes(r.status)) {
    // The lines between the status line and `next:` say why (the field errors of invalid_input).
    const said = r.text.split("\n").slice(1).filter((line) => !line.startsWith("next: ")).slice(0, 3).join(" / ");
    throw new TaskStopped(`${r.tool} answered ${r.status}: ${said.slice(0, 240)}`);
  }
  return r;
}

function cardsOf(r: Reading, field = "options"): Card[] {
  const list = r.data[field];
  return Array.isArray(list) ? (list as Card[]) : [];
}

function journeyOf(r: Reading): string {
  const id = r.data.journeyId;
  if (typeof id !== "string") throw new TaskStopped(`${r.tool} gave no journeyId`);
  return id;
}

/** A percent as the cards state it ("7 %", "1,5 %", "7%"); null when none. */
function percentIn(value: unknown): number | null {
  const m = typeof value === "string" ? /(\d+(?:[.,]\d+)?)\s?%/u.exec(value) : null;
  return m?.[1] === undefined ? null : Number(m[1].replace(",", "."));
}

/** A fact the model must be able to read in both channels: the text, and the structured JSON. */
function inBoth(r: Reading, pattern: RegExp, what: string): string[] {
  const out: string[] = [];
  if (!pattern.test(r.text)) out.push(`${r.tool} text does not say ${what}`);
  if (!pattern.test(JSON.stringify(r.data))) out.push(`${r.tool} structured does not say ${what}`);
  return out;
}

/** Each of the first `n` cards must have a room that holds the party (roomFit "fits") and be named in the text. */
function fitting(r: Reading, cards: readonly Card[], n: number): string[] {
  if (cards.length < n) return [`${r.tool} shows ${cards.length} options, not ${n}`];
  return cards.slice(0, n).flatMap((c, i) => {
    const line = r.text.split("\n").find((l) => l.includes(c.name));
    return [
      ...(c.roomFit === "fits" ? [] : [`${r.tool} #${i + 1} «${c.name}» roomFit=${JSON.stringify(c.roomFit ?? null)}, not "fits"`]),
      ...(line === undefined ? [`${r.tool} text does not name #${i + 1} «${c.name}»`] : []),
      // The fit said in words on the option's own text line, as the card says it.
      ...(line !== undefined && typeof c.roomFitNote === "string" && !line.includes(c.roomFitNote) ? [`${r.tool} text line of «${c.name}» lacks "${c.roomFitNote}"`] : []),
    ];
  });
}

const PARKING = /parking|парковк/iu;
const HELD_BACK = /and \d+ more|и ещё \d+/u;

/**
 * Whether the details name parking among the hotel's amenities (the provider's items, not a group
 * label such as "parking & transport"), per channel: the structured list or groups, and the quoted
 * items of the text's amenities line.
 */
function parkingListed(r: Reading): { structured: boolean; text: boolean } {
  const amenities = (r.data.hotel as { amenities?: unknown } | undefined)?.amenities;
  const items = Array.isArray(amenities) ? amenities : amenities !== null && typeof amenities === "object" ? Object.values(amenities).flat() : [];
  const line = r.text.split("\n").find((l) => /^(amenities|удобства):/u.test(l)) ?? "";
  return {
    structured: items.some((item) => typeof item === "string" && PARKING.test(item)),
    text: [...line.matchAll(/"([^"]*)"/gu)].some((m) => PARKING.test(m[1] ?? "")),
  };
}

/** "Is there parking at X?" answered: parking listed in both channels, or no amenity held back (so "no" is an answer). */
function parkingAnswered(r: Reading, name: string, mustHave: boolean): string[] {
  const listed = parkingListed(r);
  if (listed.structured && listed.text) return [];
  if (listed.structured !== listed.text) return [`«${name}»: parking listed in the ${listed.text ? "text" : "structured"} channel only`];
  if (mustHave) return [`«${name}»: details do not list parking`];
  return HELD_BACK.test(r.text) || HELD_BACK.test(JSON.stringify(r.data)) ? [`«${name}»: details hold amenities back and do not list parking`] : [];
}

async function planKazan(agent: Agent, extra: Record<string, unknown> = {}): Promise<Reading> {
  return expectStatus(await agent.call("tbank_hotels_plan_stay", { destination: "Казань", ...STAY, rooms: TWO_ADULTS, ...extra }), "ok");
}

const familyStay: Task = {
  id: "family-stay",
  request: "Два взрослых и ребёнок 7 лет, Казань, 9–11 апреля 2027, покажи три подходящих отеля",
  async play(agent) {
    const plan = await planKazan(agent, { rooms: FAMILY });
    const compared = expectStatus(await agent.call("tbank_hotels_compare_stay_options", { journeyId: journeyOf(plan) }), "ok");
    return fitting(compared, cardsOf(compared, "comparisonRows"), 3);
  },
};

const cheapestFitting: Task = {
  id: "cheapest-fitting",
  request: "Самый дешёвый отель в Казани на 9–11 апреля 2027, где есть номер для двух взрослых и ребёнка 7 лет",
  async play(agent) {
    const plan = await planKazan(agent, { rooms: FAMILY, ranking: "lowest_price" });
    const cards = cardsOf(plan);
    const first = cards[0];
    if (first === undefined) return ["plan_stay shows no option"];
    const failures = fitting(plan, cards, 1);
    // No option the model read that fits is cheaper than the one it would name.
    const cheaper = cards.filter((c) => c.roomFit === "fits" && Number(c.totalDecimal) < Number(first.totalDecimal));
    if (cheaper.length > 0) failures.push(`«${cheaper[0]?.name}» fits and costs less than #1`);
    return failures;
  },
};

const highestCashback: Task = {
  id: "highest-cashback",
  request: "Где самый большой кешбэк в Сочи на 9–11 апреля 2027? Нас двое",
  async play(agent) {
    const plan = expectStatus(await agent.call("tbank_hotels_plan_stay", { destination: "Сочи", ...STAY, rooms: TWO_ADULTS, ranking: "highest_cashback" }), "ok");
    const cards = cardsOf(plan);
    const top = percentIn(cards[0]?.cashback);
    const max = percentIn(plan.data.cashback);
    if (top === null) return [`plan_stay #1 «${cards[0]?.name}» states no cashback`];
    const failures: string[] = [];
    // The search's maximum is what the provider states for the whole collection, not only this page.
    if (max !== null && top < max) failures.push(`#1 has ${top} %, the search's maximum is ${max} %`);
    const higher = cards.find((c) => (percentIn(c.cashback) ?? 0) > top);
    if (higher) failures.push(`«${higher.name}» has more cashback than #1`);
    const line = plan.text.split("\n").find((l) => l.includes(cards[0]?.name ?? "\u0000"));
    if (line === undefined) failures.push("plan_stay text does not name #1");
    else if (!line.includes(String(cards[0]?.cashback))) failures.push(`plan_stay text line of #1 lacks its cashback ${String(cards[0]?.cashback)}`);
    return failures;
  },
};

const parking: Task = {
  id: "parking",
  request: "Отели с парковкой в Казани на 9–11 апреля 2027, нас двое. Есть ли парковка в первом?",
  async play(agent) {
    const plan = await planKazan(agent, { amenities: ["parking"] });
    const first = cardsOf(plan)[0];
    if (first === undefined) return ["plan_stay shows no option with parking"];
    const details = expectStatus(await agent.call("tbank_hotels_get_stay_option_details", { journeyId: journeyOf(plan), optionId: first.optionId }), "ok");
    // The filter said in both channels, then parking among the first hotel's amenities.
    return [...inBoth(plan, /parking|парковк/iu, "the parking filter"), ...parkingAnswered(details, first.name, true)];
  },
};

const parkingEnglish: Task = {
  id: "parking-en",
  request: "We're two, Kazan, April 9–11 2027. Which of your top three hotels have parking?",
  async play(agent) {
    const plan = await planKazan(agent, { language: "en" });
    const cards = cardsOf(plan).slice(0, 3);
    const failures: string[] = [];
    for (const card of cards) {
      const details = expectStatus(await agent.call("tbank_hotels_get_stay_option_details", { journeyId: journeyOf(plan), optionId: card.optionId }), "ok");
      failures.push(...parkingAnswered(details, card.name, false));
    }
    return cards.length < 3 ? [`plan_stay shows ${cards.length} options`, ...failures] : failures;
  },
};

/** Every part of every quote in the structured answer: a review's text, or its pros and cons given apart. */
function quotedParts(r: Reading): string[] {
  const quotes = (r.data.reviews as { quotes?: unknown } | undefined)?.quotes;
  if (!Array.isArray(quotes)) return [];
  return (quotes as Record<string, unknown>[]).flatMap((q) => ["text", "pros", "cons"].flatMap((k) => (typeof q[k] === "string" && q[k] !== "" ? [q[k]] : [])));
}

const reviews: Task = {
  id: "reviews",
  request: "Казань, 9–11 апреля 2027, нас двое. Что пишут гости про первый вариант, есть ли минусы?",
  async play(agent, facts) {
    const plan = await planKazan(agent);
    const first = cardsOf(plan)[0];
    if (first === undefined) return ["plan_stay shows no option"];
    const details = expectStatus(await agent.call("tbank_hotels_get_stay_option_details", { journeyId: journeyOf(plan), optionId: first.optionId }), "ok");
    const parts = quotedParts(details);
    if (parts.length === 0) return ["details quote no review"];
    const written = facts.reviewParts("Казань", first.name);
    // A guest's words as they wrote them, or visibly cut ("…") from them: never a part passed off as the whole.
    return parts.flatMap((part) => {
      const faithful = written.includes(part) || (part.endsWith("…") && written.some((w) => w.startsWith(part.slice(0, -1).trimEnd())));
      return [...(faithful ? [] : [`quote "${part}" is not a guest's whole review nor marked as cut`]), ...(details.text.includes(part) ? [] : [`text lacks the quote "${part}"`])];
    });
  },
};

const IN_RANGE = /в диапазоне|inside the band/iu;

const personsRange: Task = {
  id: "persons-range",
  request: "Подбери отель в Казани на 9–11 апреля 2027 в моём обычном ценовом диапазоне, нас двое",
  async play(agent) {
    const prefs = expectStatus(await agent.call("tbank_banking_get_hotel_preferences", {}, "banking"), "ok");
    const plan = await planKazan(agent, { hotelPreferences: prefs.data.hotelPreferences, ranking: "best_value" });
    const cards = cardsOf(plan);
    const failures: string[] = [];
    // The recommendation first: no option outside the range above an in-range one.
    const inRange = cards.map((c) => IN_RANGE.test(String(c.band)));
    const firstOut = inRange.indexOf(false);
    if (!inRange.includes(true)) failures.push("plan_stay shows no option in the person's range");
    if (firstOut >= 0 && firstOut < inRange.lastIndexOf(true)) failures.push(`#${firstOut + 1} «${cards[firstOut]?.name}» (${String(cards[firstOut]?.band)}) is ranked above an in-range option`);
    // Alternatives apart, each named in both channels: never bare option ids.
    for (const [key, value] of Object.entries(plan.data)) {
      if (!/alternative/iu.test(key) || !Array.isArray(value)) continue;
      for (const alt of value as unknown[]) {
        const name = alt !== null && typeof alt === "object" ? (alt as { name?: unknown }).name : undefined;
        if (typeof name !== "string") {
          failures.push(`structured ${key} has ${JSON.stringify(alt)} with no name`);
          continue;
        }
        // Named with its price and why, in the text as in the structured entry.
        const said = Object.entries(alt as Record<string, unknown>).filter(([k, v]) => ["name", "price", "why"].includes(k) && typeof v === "string");
        for (const [k, v] of said) if (!plan.text.includes(String(v))) failures.push(`text lacks the ${k} of the alternative «${name}»: ${String(v)}`);
        if (said.length < 3) failures.push(`structured alternative «${name}» lacks its price or why`);
      }
    }
    return failures;
  },
};

export const TASKS: readonly Task[] = [familyStay, cheapestFitting, highestCashback, parking, parkingEnglish, reviews, personsRange];
