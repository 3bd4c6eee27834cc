const CYRILLIC: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m", н: "n", о: "o", п: "p",
  р: "r", с: "s", т: "t", у: "u", ф: "f", х: "kh", ц: "ts", ч: "ch", ш: "sh", щ: "shch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
};

/** Latin transliteration; anything else outside printable ASCII becomes "?". */
export function toAscii(text: string): string {
  let out = "";
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const mapped = CYRILLIC[lower];
    if (mapped !== undefined) out += ch === lower ? mapped : mapped.charAt(0).toUpperCase() + mapped.slice(1);
    else if (ch === "«" || ch === "»") out += '"';
    else if (ch === "\u2014" || ch === "\u2013") out += "-";
    else out += /^[\x20-\x7e]$/.test(ch) ? ch : "?";
  }
  return out;
}

function escapePdfText(text: string): string {
  return toAscii(text).replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * A one-page PDF 1.4 with Helvetica text lines. Offsets in the xref table are byte offsets, so the
 * file opens in strict readers; everything is ASCII, so string length equals byte length.
 */
export function renderPdf(title: string, lines: readonly string[]): Buffer {
  const text = [`BT /F1 16 Tf 56 780 Td (${escapePdfText(title)}) Tj ET`, ...lines.map((line, i) => `BT /F1 11 Tf 56 ${750 - i * 16} Td (${escapePdfText(line)}) Tj ET`)].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    `<< /Title (${escapePdfText(title)}) /Producer (tbank-sandbox) >>`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "ascii");
}
