// The words the view writes itself (headings, labels, buttons). Every fact beside them (names,
// prices, cancellation, ratings) is the tool's own display string, in the journey's language.

export type ViewLang = "ru" | "en";

/** The host's BCP 47 locale (or the browser's): Russian for ru-*, English otherwise. */
export function viewLang(locale: string | undefined, fallback: string | undefined): ViewLang {
  const tag = (locale ?? fallback ?? "").toLowerCase();
  return tag.startsWith("ru") ? "ru" : "en";
}

export interface Words {
  options: string;
  shown: (from: number, to: number, total: number | undefined) => string;
  compare: string;
  details: string;
  rates: string;
  map: string;
  centre: string;
  fromCentre: (km: string) => string;
  noRating: string;
  stars: (n: number) => string;
  cashback: string;
  roomFits: string;
  noRates: string;
  choose: string;
  chooseRate: string;
  chosen: string;
  rateChosen: string;
  loading: string;
  back: string;
  more: string;
  showRates: string;
  alternatives: string;
  address: string;
  rating: string;
  distance: string;
  meal: string;
  price: string;
  cancellation: string;
  payment: string;
  amenities: string;
  reviews: string;
  pros: string;
  cons: string;
  notBookable: string;
  failed: string;
  status: (status: string) => string;
}

const STATUS_RU: Record<string, string> = {
  ok: "Здесь нечего показать.",
  no_matching_stays: "Под эти условия вариантов нет.",
  no_bookable_rates: "У этого отеля нет тарифов, которые можно забронировать на эти даты.",
  rates_temporarily_unavailable: "Тарифы сейчас не загрузились.",
  journey_expired: "Подбор устарел: начните поиск заново.",
  journey_not_found: "Подбор не найден: начните поиск заново.",
  clarification_required: "Нужно уточнение: ответьте в чате.",
  destination_not_found: "Направление не найдено.",
};
const STATUS_EN: Record<string, string> = {
  ok: "Nothing to show here.",
  no_matching_stays: "No options match these conditions.",
  no_bookable_rates: "This hotel has no bookable rates for these dates.",
  rates_temporarily_unavailable: "The rates could not be loaded now.",
  journey_expired: "This search expired: start a new one.",
  journey_not_found: "This search is gone: start a new one.",
  clarification_required: "A question first: answer it in the chat.",
  destination_not_found: "Destination not found.",
};

export const WORDS: Record<ViewLang, Words> = {
  ru: {
    options: "Варианты",
    shown: (from, to, total) => `${from}–${to}${total === undefined ? "" : ` из ${total}`}`,
    compare: "Сравнение",
    details: "Об отеле",
    rates: "Тарифы",
    map: "Карта вариантов",
    centre: "центр",
    fromCentre: (km) => `${km} км от центра`,
    noRating: "без оценки",
    stars: (n) => `${n} ${n === 1 ? "звезда" : n < 5 ? "звезды" : "звёзд"}`,
    cashback: "кешбэк",
    roomFits: "номер для всех гостей есть",
    noRates: "нет тарифов для бронирования",
    choose: "Выбрать",
    chooseRate: "Выбрать тариф",
    chosen: "Выбран отель",
    rateChosen: "Выбран тариф",
    loading: "Загрузка…",
    back: "← К вариантам",
    more: "Показать ещё",
    showRates: "Показать тарифы",
    alternatives: "Чуть за пределами вашего диапазона",
    address: "адрес",
    rating: "оценка",
    distance: "расстояние",
    meal: "питание",
    price: "цена",
    cancellation: "отмена",
    payment: "оплата",
    amenities: "Удобства",
    reviews: "Отзывы",
    pros: "плюсы",
    cons: "минусы",
    notBookable: "не бронируется",
    failed: "Не получилось: попробуйте ещё раз или напишите в чат.",
    status: (s) => STATUS_RU[s] ?? `Статус: ${s}`,
  },
  en: {
    options: "Options",
    shown: (from, to, total) => `${from}–${to}${total === undefined ? "" : ` of ${total}`}`,
    compare: "Comparison",
    details: "About the hotel",
    rates: "Rates",
    map: "Map of the options",
    centre: "centre",
    fromCentre: (km) => `${km} km from the centre`,
    noRating: "no rating",
    stars: (n) => `${n} star${n === 1 ? "" : "s"}`,
    cashback: "cashback",
    roomFits: "a room fits the party",
    noRates: "no bookable rates",
    choose: "Choose",
    chooseRate: "Choose this rate",
    chosen: "Hotel chosen",
    rateChosen: "Rate chosen",
    loading: "Loading…",
    back: "← Back to the options",
    more: "Show more",
    showRates: "Show the rates",
    alternatives: "Just outside your price band",
    address: "address",
    rating: "rating",
    distance: "distance",
    meal: "meals",
    price: "price",
    cancellation: "cancellation",
    payment: "payment",
    amenities: "Amenities",
    reviews: "Reviews",
    pros: "pros",
    cons: "cons",
    notBookable: "not bookable",
    failed: "That did not work: try again or ask in the chat.",
    status: (s) => STATUS_EN[s] ?? `Status: ${s}`,
  },
};
