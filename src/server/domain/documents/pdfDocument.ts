import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

// A small layout helper over pdf-lib for the documents the API hands out (quote documents, payment
// receipts): a title, headings, key–value rows, simple tables with right-aligned money columns, automatic
// page breaks and a footer with page numbers. Standard Helvetica fonts only, so nothing is embedded and
// the files stay small; text those fonts cannot draw is replaced rather than failing the document.
//
//   const pdf = await PdfDocument.create({ title: 'Quote 1234', pageSize: 'Letter' });
//   pdf.title('Pet insurance quote');
//   pdf.keyValues([['Customer', 'Ada Lovelace']]);
//   pdf.table({ columns: [{ header: 'Pet' }, { header: 'Monthly', align: 'right', width: 90 }], rows });
//   const bytes = await pdf.finish();

export type PageSize = 'A4' | 'Letter';

export interface PdfDocumentOptions {
  // Document metadata; the title is also what a viewer shows in its window.
  title: string;
  subject?: string;
  author?: string;
  keywords?: string[];
  pageSize?: PageSize;
  // Shown at the left of every page's footer (the page number is on the right).
  footer?: string;
  // Fixed creation date for reproducible output; now by default.
  createdAt?: Date;
}

export interface TableColumn {
  header: string;
  // Points; columns without a width share what is left equally.
  width?: number;
  // Money and other figures read best right-aligned.
  align?: 'left' | 'right';
}

export interface TableOptions {
  columns: TableColumn[];
  rows: string[][];
  // Rows drawn bold after the body, e.g. totals.
  footerRows?: string[][];
}

const MARGIN = 50;
const FOOTER_HEIGHT = 30;
const BODY_SIZE = 10;
const LINE_GAP = 4;
const CELL_PADDING = 4;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.78, 0.78, 0.8);
const HEADER_FILL = rgb(0.93, 0.94, 0.96);

// WinAnsi (the standard fonts' encoding) has no glyph for most of Unicode; these common ones have an
// ASCII stand-in that reads the same.
const STAND_INS: Record<string, string> = {
  '\u2212': '-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

export class PdfDocument {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly size: [number, number],
    private readonly footerText: string | undefined,
    private readonly drawable: Set<number>,
  ) {
    this.newPage();
  }

  static async create(options: PdfDocumentOptions): Promise<PdfDocument> {
    const doc = await PDFDocument.create();
    doc.setTitle(options.title, { showInWindowTitleBar: true });
    if (options.subject) doc.setSubject(options.subject);
    if (options.author) doc.setAuthor(options.author);
    if (options.keywords) doc.setKeywords(options.keywords);
    doc.setCreator('Harbor Mutual agent portal');
    doc.setProducer('Harbor Mutual agent portal');
    // eslint-disable-next-line no-restricted-syntax -- the file's own metadata, not a date the document states
    const createdAt = options.createdAt ?? new Date();
    doc.setCreationDate(createdAt);
    doc.setModificationDate(createdAt);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const size = options.pageSize === 'A4' ? PageSizes.A4 : PageSizes.Letter;
    return new PdfDocument(doc, regular, bold, size, options.footer, new Set(regular.getCharacterSet()));
  }

  private get width(): number {
    return this.size[0] - 2 * MARGIN;
  }

  private newPage(): void {
    this.page = this.doc.addPage(this.size);
    this.y = this.size[1] - MARGIN;
  }

  // Starts a new page unless `height` points still fit above the footer.
  private ensure(height: number): boolean {
    if (this.y - height >= MARGIN + FOOTER_HEIGHT) return false;
    this.newPage();
    return true;
  }

  // Replaces what the standard fonts cannot encode, so customer-typed text never breaks a document.
  private safe(text: string): string {
    let out = '';
    for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
      const standIn = STAND_INS[char] ?? char;
      out += this.drawable.has(standIn.codePointAt(0) ?? 0) ? standIn : '?';
    }
    return out;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.safe(text).split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
      // A single word wider than the space is cut by characters.
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
    return lines;
  }

  private lineHeight(size: number): number {
    return size + LINE_GAP;
  }

  private text(
    text: string,
    options: { font?: PDFFont; size?: number; x?: number; width?: number; color?: typeof INK },
  ): void {
    const font = options.font ?? this.regular;
    const size = options.size ?? BODY_SIZE;
    const x = options.x ?? MARGIN;
    for (const line of this.wrap(text, font, size, options.width ?? this.width)) {
      this.ensure(this.lineHeight(size));
      this.page.drawText(line, { x, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= this.lineHeight(size);
    }
  }

  title(text: string): this {
    this.text(text, { font: this.bold, size: 20 });
    this.y -= 4;
    return this;
  }

  subtitle(text: string): this {
    this.text(text, { size: 12, color: MUTED });
    this.y -= 6;
    return this;
  }

  heading(text: string): this {
    // Keep a heading with what follows it: a few lines of text, or a table's header and first row.
    this.ensure(34 + 4 * this.lineHeight(BODY_SIZE));
    this.y -= 10;
    this.text(text, { font: this.bold, size: 13 });
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 1 },
      end: { x: MARGIN + this.width, y: this.y + 1 },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 6;
    return this;
  }

  paragraph(text: string): this {
    this.text(text, {});
    this.y -= 4;
    return this;
  }

  // Label on the left in muted type, value beside it; long values wrap within their column.
  keyValues(rows: [label: string, value: string][], labelWidth = 140): this {
    for (const [label, value] of rows) {
      const valueLines = this.wrap(value, this.regular, BODY_SIZE, this.width - labelWidth);
      const labelLines = this.wrap(label, this.regular, BODY_SIZE, labelWidth - CELL_PADDING);
      const lines = Math.max(valueLines.length, labelLines.length);
      this.ensure(lines * this.lineHeight(BODY_SIZE));
      const top = this.y;
      labelLines.forEach((line, i) =>
        this.page.drawText(line, {
          x: MARGIN,
          y: top - BODY_SIZE - i * this.lineHeight(BODY_SIZE),
          size: BODY_SIZE,
          font: this.regular,
          color: MUTED,
        }),
      );
      valueLines.forEach((line, i) =>
        this.page.drawText(line, {
          x: MARGIN + labelWidth,
          y: top - BODY_SIZE - i * this.lineHeight(BODY_SIZE),
          size: BODY_SIZE,
          font: this.regular,
          color: INK,
        }),
      );
      this.y = top - lines * this.lineHeight(BODY_SIZE);
    }
    this.y -= 4;
    return this;
  }

  private columnWidths(columns: TableColumn[]): number[] {
    const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
    const flexible = columns.filter((column) => column.width === undefined).length;
    const share = flexible > 0 ? Math.max(40, (this.width - fixed) / flexible) : 0;
    return columns.map((column) => column.width ?? share);
  }

  private tableRow(
    cells: string[],
    columns: TableColumn[],
    widths: number[],
    font: PDFFont,
    fill?: typeof HEADER_FILL,
  ): void {
    const wrapped = columns.map((_, i) =>
      this.wrap(cells[i] ?? '', font, BODY_SIZE, widths[i]! - 2 * CELL_PADDING),
    );
    const height = Math.max(...wrapped.map((lines) => lines.length)) * this.lineHeight(BODY_SIZE) + 4;
    const top = this.y;
    if (fill) {
      this.page.drawRectangle({ x: MARGIN, y: top - height, width: this.width, height, color: fill });
    }
    let x = MARGIN;
    wrapped.forEach((lines, i) => {
      const width = widths[i]!;
      lines.forEach((line, n) => {
        const textWidth = font.widthOfTextAtSize(line, BODY_SIZE);
        const left = columns[i]!.align === 'right' ? x + width - CELL_PADDING - textWidth : x + CELL_PADDING;
        this.page.drawText(line, {
          x: left,
          y: top - 2 - BODY_SIZE - n * this.lineHeight(BODY_SIZE),
          size: BODY_SIZE,
          font,
          color: INK,
        });
      });
      x += width;
    });
    this.y = top - height;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + this.width, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
  }

  private rowHeight(cells: string[], widths: number[], font: PDFFont): number {
    const lines = widths.map(
      (width, i) => this.wrap(cells[i] ?? '', font, BODY_SIZE, width - 2 * CELL_PADDING).length,
    );
    return Math.max(...lines) * this.lineHeight(BODY_SIZE) + 4;
  }

  // The header row repeats at the top of every page the table continues on.
  table(options: TableOptions): this {
    const { columns } = options;
    const widths = this.columnWidths(columns);
    const headers = columns.map((column) => column.header);
    const headerHeight = this.rowHeight(headers, widths, this.bold);
    const firstRow = options.rows[0] ?? options.footerRows?.[0];
    this.ensure(headerHeight + (firstRow ? this.rowHeight(firstRow, widths, this.regular) : 0));
    this.tableRow(headers, columns, widths, this.bold, HEADER_FILL);
    const body: [string[], PDFFont][] = [
      ...options.rows.map((row): [string[], PDFFont] => [row, this.regular]),
      ...(options.footerRows ?? []).map((row): [string[], PDFFont] => [row, this.bold]),
    ];
    for (const [row, font] of body) {
      if (this.ensure(this.rowHeight(row, widths, font))) {
        this.tableRow(headers, columns, widths, this.bold, HEADER_FILL);
      }
      this.tableRow(row, columns, widths, font);
    }
    this.y -= 10;
    return this;
  }

  spacer(points = 10): this {
    this.y -= points;
    return this;
  }

  // Draws every page's footer (which needs the page count) and serialises the document.
  async finish(): Promise<Uint8Array> {
    const pages = this.doc.getPages();
    // One line, clear of the page number on the right.
    const footer = this.footerText
      ? (this.wrap(this.footerText, this.regular, 8, this.width - 80)[0] ?? '')
      : '';
    pages.forEach((page, index) => {
      const y = MARGIN - 10;
      page.drawLine({
        start: { x: MARGIN, y: y + 14 },
        end: { x: MARGIN + this.width, y: y + 14 },
        thickness: 0.5,
        color: RULE,
      });
      if (footer) page.drawText(footer, { x: MARGIN, y, size: 8, font: this.regular, color: MUTED });
      const number = `Page ${index + 1} of ${pages.length}`;
      const width = this.regular.widthOfTextAtSize(number, 8);
      page.drawText(number, {
        x: MARGIN + this.width - width,
        y,
        size: 8,
        font: this.regular,
        color: MUTED,
      });
    });
    return this.doc.save();
  }
}
