import { describe, expect, it } from "vitest";
import { renderPdf, toAscii } from "../../scripts/sandbox/data/pdf.js";

describe("sandbox PDF generator", () => {
  const pdf = renderPdf("Hotel voucher ord_1", ["Hotel: Отель «Маяк» (id 10010001)", "Guest: Смирнова Анна", "Back\\slash"]);
  const text = pdf.toString("latin1");

  it("writes an ASCII-only PDF with header and trailer", () => {
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.endsWith("%%EOF\n")).toBe(true);
    expect([...pdf].every((byte) => byte < 0x80)).toBe(true);
  });

  it("has xref offsets that point at their objects", () => {
    const xrefAt = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const xref = /xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(text)!;
    const entries = xref[2]!.split("\n").filter((line) => line.length > 0);
    expect(entries).toHaveLength(Number(xref[1]));
    expect(entries[0]).toBe("0000000000 65535 f ");
    entries.slice(1).forEach((entry, i) => {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
  });

  it("declares the right stream length", () => {
    const m = /<< \/Length (\d+) >>\nstream\n/.exec(text)!;
    const start = m.index + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + "\nendstream".length)).toBe("\nendstream");
  });

  it("transliterates Cyrillic and escapes PDF string delimiters", () => {
    expect(text).toContain("(Guest: Smirnova Anna) Tj");
    expect(text).toContain('Otel "Mayak"');
    expect(text).toContain("\\(id 10010001\\)");
    expect(text).toContain("Back\\\\slash");
    expect(toAscii("Ёлка — №1")).toBe("Elka - ?1");
  });
});
