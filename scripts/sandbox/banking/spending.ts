import { createRng } from "../data/prng.js";

export interface TravelStay {
  date: string;
  merchantCategory: "hotels";
  city: string;
  nights: number;
  amount: { value: number; currency: string };
}

export interface TravelSpending {
  currency: "RUB";
  periodMonths: number;
  stays: TravelStay[];
  summary: { staysCount: number; nightsCount: number };
}

const DAY_MS = 86_400_000;
const CITIES = ["Moscow", "Saint Petersburg", "Kazan", "Sochi", "Kaliningrad", "Yekaterinburg", "Nizhny Novgorod", "Novosibirsk"];

interface SeededStay {
  daysAgo: number;
  city: string;
  nights: number;
  perNight: number;
  currency: string;
}

/**
 * Two years of card payments to hotels, fixed by the seed as "days ago", so every period is a
 * prefix of the same history. Per-night RUB prices stay within 6,000..13,000 with one stay near each
 * edge, so a broker can derive a clear band; one foreign stay tests that non-RUB amounts are ignored.
 */
function seededStays(seed: string): SeededStay[] {
  const rng = createRng("banking-travel", seed);
  const stays: SeededStay[] = [];
  const recent = rng.int(7, 10);
  for (let i = 0; i < recent; i++) {
    const perNight = i === 0 ? rng.int(60, 64) * 100 : i === 1 ? rng.int(125, 130) * 100 : rng.int(65, 125) * 100;
    stays.push({ daysAgo: rng.int(6, 355), city: rng.pick(CITIES), nights: rng.int(1, 5), perNight, currency: "RUB" });
  }
  stays.push({ daysAgo: rng.int(30, 330), city: "Istanbul", nights: rng.int(2, 4), perNight: rng.int(90, 140), currency: "EUR" });
  const older = rng.int(3, 5);
  for (let i = 0; i < older; i++) {
    stays.push({ daysAgo: rng.int(370, 720), city: rng.pick(CITIES), nights: rng.int(1, 4), perNight: rng.int(55, 110) * 100, currency: "RUB" });
  }
  return stays.sort((a, b) => a.daysAgo - b.daysAgo);
}

export function travelSpending(seed: string, now: number, months: number): TravelSpending {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const since = new Date(today);
  since.setUTCMonth(since.getUTCMonth() - months);
  const stays = seededStays(seed)
    .map((s) => ({ ...s, at: today - s.daysAgo * DAY_MS }))
    .filter((s) => s.at >= since.getTime())
    .map(
      (s): TravelStay => ({
        date: new Date(s.at).toISOString().slice(0, 10),
        merchantCategory: "hotels",
        city: s.city,
        nights: s.nights,
        amount: { value: s.perNight * s.nights, currency: s.currency },
      }),
    );
  return {
    currency: "RUB",
    periodMonths: months,
    stays,
    summary: { staysCount: stays.length, nightsCount: stays.reduce((n, s) => n + s.nights, 0) },
  };
}
