import type { PointT, ViewExtrasT } from "./extras.js";

// Positions for the locally drawn map: an equirectangular projection (longitude scaled by the
// cosine of the mean latitude), which over a city's few kilometres distorts less than a pixel.
// No tiles: only the options, the centre and the near point, as the result's extras give them.

export const MAP_WIDTH = 320;
export const MAP_HEIGHT = 200;
const PAD = 18;

export interface MapMark {
  x: number;
  y: number;
}

export interface MapLayout {
  options: (MapMark & { optionId: string; label: string })[];
  centre?: MapMark;
  near?: MapMark & { name: string };
}

/** The layout of the options shown (numbered in their order), or null when none has a position. */
export function mapLayout(optionIds: readonly string[], extras: ViewExtrasT): MapLayout | null {
  const points = new Map((extras.options ?? []).flatMap((o) => (o.point ? [[o.optionId, o.point] as const] : [])));
  const shown = optionIds.flatMap((id, i) => {
    const p = points.get(id);
    return p ? [{ optionId: id, label: String(i + 1), p }] : [];
  });
  if (shown.length === 0) return null;
  const all: PointT[] = [...shown.map((s) => s.p), ...(extras.centre ? [extras.centre] : []), ...(extras.near ? [extras.near] : [])];
  const project = projection(all);
  return {
    options: shown.map((s) => ({ optionId: s.optionId, label: s.label, ...project(s.p) })),
    ...(extras.centre ? { centre: project(extras.centre) } : {}),
    ...(extras.near ? { near: { name: extras.near.name, ...project(extras.near) } } : {}),
  };
}

function projection(points: readonly PointT[]): (p: PointT) => MapMark {
  const meanLat = points.reduce((s, p) => s + p.lat, 0) / points.length;
  const k = Math.cos((meanLat * Math.PI) / 180);
  const xs = points.map((p) => p.lon * k);
  const ys = points.map((p) => p.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // One scale for both axes keeps distances true; a single point sits in the middle.
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const scale = Math.min(MAP_WIDTH - 2 * PAD, MAP_HEIGHT - 2 * PAD) / span;
  const offX = (MAP_WIDTH - (maxX - minX) * scale) / 2;
  const offY = (MAP_HEIGHT - (maxY - minY) * scale) / 2;
  return (p) => ({ x: round(offX + (p.lon * k - minX) * scale), y: round(offY + (maxY - p.lat) * scale) });
}

const round = (n: number): number => Math.round(n * 10) / 10;
