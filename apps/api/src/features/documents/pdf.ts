import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { formatPkr, type LanguageCode } from '@store/contract'
import bidiFactory from 'bidi-js'
import PDFDocument from 'pdfkit'
import type { documents } from '../../db/schema'
import { toPaisa } from '../../lib/money'
import { paperTexts } from './pdf-texts'

type DocumentRow = typeof documents.$inferSelect

const resolve = createRequire(import.meta.url).resolve
const naskh = (weight: 400 | 700) =>
  readFileSync(resolve(`@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-${weight}-normal.woff`))
/**
 * docs/decisions.md "Papers": Noto Naskh Arabic for the Urdu, since fontkit (pdfkit's shaper) fails
 * on Noto Nastaliq Urdu's cursive anchors. Read once; each paper embeds the glyphs it uses.
 */
const URDU_FONTS = { regular: naskh(400), bold: naskh(700) }

const bidi = bidiFactory()
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/
const SPACE = /\s/

interface Style {
  size: number
  bold?: boolean
  color?: string
}

interface Run {
  text: string
  level: number
  arabic: boolean
}

const PAGE = { width: 595.28, height: 841.89, margin: 42 }
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin
const FOOTER_SPACE = 60

/**
 * Draws text on a page of either direction. pdfkit lays text out left to right and wraps by words
 * in the order they come; Urdu wants the Unicode bidi algorithm (bidi-js) to put each run of a line
 * in its place, the Arabic runs shaped by fontkit (which lays an Arabic run out right to left), and
 * numbers and Latin names left to right inside them. So this wraps and orders lines itself and
 * hands pdfkit one run at a time.
 */
class Page {
  readonly rtl: boolean
  y = PAGE.margin

  constructor(
    readonly doc: PDFKit.PDFDocument,
    language: LanguageCode,
  ) {
    this.rtl = language === 'ur'
    doc.registerFont('urdu', URDU_FONTS.regular)
    doc.registerFont('urdu-bold', URDU_FONTS.bold)
  }

  private font(run: { arabic: boolean }, style: Style) {
    const name = run.arabic
      ? style.bold
        ? 'urdu-bold'
        : 'urdu'
      : style.bold
        ? 'Helvetica-Bold'
        : 'Helvetica'
    // Naskh's letters are drawn smaller than Helvetica's at one size.
    return this.doc.font(name).fontSize(run.arabic ? style.size * 1.1 : style.size)
  }

  /** A line's runs in the order they are drawn, left to right. */
  private visualRuns(text: string): Run[] {
    // A line takes the direction of its first letter (an English address in an Urdu paper reads left
    // to right); a line without letters takes the paper's.
    const firstStrong = /[A-Za-z\u00C0-\u024F]|[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/.exec(
      text,
    )
    const direction = firstStrong ? (ARABIC.test(firstStrong[0]) ? 'rtl' : 'ltr') : this.rtl ? 'rtl' : 'ltr'
    const { levels } = bidi.getEmbeddingLevels(text, direction)
    const runs: Run[] = []
    for (let index = 0; index < text.length; index++) {
      const char = text.charAt(index)
      const level = levels[index] ?? 0
      const last = runs[runs.length - 1]
      // A space keeps the font of what it follows, so a run of Urdu words stays one shaped run.
      const arabic = SPACE.test(char) && last ? last.arabic : ARABIC.test(char)
      if (last && last.level === level && last.arabic === arabic) last.text += char
      else runs.push({ text: char, level, arabic })
    }
    const highest = Math.max(0, ...runs.map((run) => run.level))
    const lowestOdd = Math.min(...runs.map((run) => run.level | 1))
    for (let level = highest; level >= lowestOdd; level--) {
      for (let start = 0; start < runs.length; start++) {
        if ((runs[start]?.level ?? 0) < level) continue
        let end = start
        while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end++
        runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse())
        start = end
      }
    }
    return runs.map((run) => {
      // fontkit turns an Arabic run itself; anything else right to left is turned here, mirrored.
      if (run.level % 2 === 0 || run.arabic) return run
      const turned = [...run.text].reverse().map((char) => bidi.getMirroredCharacter(char) ?? char)
      return { ...run, text: turned.join('') }
    })
  }

  widthOf(text: string, style: Style): number {
    return this.visualRuns(text).reduce(
      (sum, run) => sum + this.font(run, style).widthOfString(run.text, { features: [] }),
      0,
    )
  }

  /** Words to lines of at most `width`, breaking a word only when it alone is wider. */
  private wrap(text: string, width: number, style: Style): string[] {
    const lines: string[] = []
    for (const paragraph of text.split('\n')) {
      let line = ''
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word
        if (line && this.widthOf(candidate, style) > width) {
          lines.push(line)
          line = word
        } else line = candidate
      }
      lines.push(line)
    }
    return lines
  }

  lineHeight = (style: Style) => style.size * (this.rtl ? 1.9 : 1.4)

  /** Left edge on the page of a box given from the start of the line (the left in English, the right in Urdu). */
  left = (x: number, width: number) => (this.rtl ? PAGE.width - PAGE.margin - x - width : PAGE.margin + x)

  /**
   * Text in a box `x` from the line's start, `width` wide, at `start` or `end` of it, wrapped;
   * answers the height it took. Drawn at `top` (this.y when not given).
   */
  text(
    text: string,
    {
      x = 0,
      width = CONTENT_WIDTH,
      align = 'start',
      top = this.y,
      ...style
    }: Style & {
      x?: number
      width?: number
      align?: 'start' | 'end' | 'center'
      top?: number
    },
  ): number {
    const height = this.lineHeight(style)
    const lines = this.wrap(text, width, style)
    const boxLeft = this.left(x, width)
    lines.forEach((line, index) => {
      const lineWidth = this.widthOf(line, style)
      // The start of a line is its left in English and its right in Urdu.
      const atRight = align !== 'center' && (align === 'end') !== this.rtl
      let cursor =
        align === 'center'
          ? boxLeft + (width - lineWidth) / 2
          : atRight
            ? boxLeft + width - lineWidth
            : boxLeft
      const baseline = top + index * height + style.size
      for (const run of this.visualRuns(line)) {
        const font = this.font(run, style)
        font.fillColor(style.color ?? '#1a1a1a')
        font.text(run.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic', features: [] })
        cursor += font.widthOfString(run.text, { features: [] })
      }
    })
    return lines.length * height
  }

  rule(top = this.y, { x = 0, width = CONTENT_WIDTH, weight = 0.6 } = {}) {
    const left = this.left(x, width)
    this.doc
      .moveTo(left, top)
      .lineTo(left + width, top)
      .lineWidth(weight)
      .strokeColor('#999999')
      .stroke()
  }

  /** Room for `height` more on this page, or a new page. */
  need(height: number) {
    if (this.y + height <= PAGE.height - PAGE.margin - FOOTER_SPACE) return
    this.doc.addPage()
    this.y = PAGE.margin
  }
}

const pkr = (amount: string) => formatPkr(Number(toPaisa(amount)))

const karachiDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Karachi',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})

/**
 * A paper as an A4 PDF in a language. The same row gives the same bytes: everything printed comes
 * from the row (its snapshots), the PDF's dates are its issue, and pdfkit's file ID is derived from them.
 */
export async function renderDocumentPdf(
  paper: DocumentRow,
  { language, logo, against }: { language: LanguageCode; logo: Buffer | null; against: string | null },
): Promise<Buffer> {
  const words = paperTexts(language)
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: true,
    bufferPages: true,
    lang: language,
    info: {
      Title: `${paper.number}`,
      Author: paper.store.legal_name,
      CreationDate: paper.issuedAt,
      ModDate: paper.issuedAt,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolveDone, reject) => {
    doc.on('end', () => resolveDone(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const page = new Page(doc, language)
  const { store, customer } = paper
  const half = CONTENT_WIDTH / 2

  // The store, at the line's start; the paper's title and number at its end.
  let storeTop = page.y
  if (logo) {
    doc.image(logo, page.left(0, 110), storeTop, { fit: [110, 55] })
    storeTop += 62
  }
  let left = storeTop
  left += page.text(store.legal_name, { top: left, width: half, size: 13, bold: true })
  left += page.text(store.address, { top: left, width: half, size: 9 })
  if (store.phone) left += page.text(`${words.phone}: ${store.phone}`, { top: left, width: half, size: 9 })
  if (store.ntn) left += page.text(`${words.ntn}: ${store.ntn}`, { top: left, width: half, size: 9 })
  if (store.strn) left += page.text(`${words.strn}: ${store.strn}`, { top: left, width: half, size: 9 })

  let right = page.y
  const end = { x: half, width: half, align: 'end' as const }
  right += page.text(words.title[paper.kind], { ...end, top: right, size: 18, bold: true })
  right += page.text(`${words.number}: ${paper.number}`, { ...end, top: right, size: 10, bold: true })
  right += page.text(`${words.date}: ${karachiDay.format(paper.issuedAt)}`, { ...end, top: right, size: 10 })
  right += page.text(words.order(paper.orderId), { ...end, top: right, size: 10 })
  if (against) right += page.text(`${words.against}: ${against}`, { ...end, top: right, size: 10 })
  page.y = Math.max(left, right) + 14

  // Whom it is for.
  page.rule()
  page.y += 8
  const to = paper.kind === 'delivery_challan' ? words.deliverTo : words.billTo
  page.y += page.text(to, { size: 9, bold: true, color: '#555555' })
  page.y += page.text(customer.name, { size: 11, bold: true })
  page.y += page.text(`${customer.address}\n${customer.city}`, { size: 10 })
  page.y += page.text(`${words.phone}: ${customer.phone}`, { size: 10 })
  page.y += 12

  // The lines: item (with its options), quantity, unit price, amount.
  const columns = {
    item: { x: 0, width: 265 },
    quantity: { x: 270, width: 40 },
    unit: { x: 315, width: 95 },
    amount: { x: 415, width: CONTENT_WIDTH - 415 },
  }
  const header = { size: 9, bold: true, color: '#555555' }
  page.need(40)
  const headerHeight = page.text(words.item, { ...columns.item, ...header })
  page.text(words.quantity, { ...columns.quantity, ...header, align: 'end' })
  page.text(words.unitPrice, { ...columns.unit, ...header, align: 'end' })
  page.text(words.amount, { ...columns.amount, ...header, align: 'end' })
  page.y += headerHeight + 2
  page.rule()
  page.y += 6
  for (const line of paper.lines) {
    const name = language === 'ur' && line.name_ur ? line.name_ur : line.name
    const options = line.options.map((chosen) => `${chosen.option}: ${chosen.value}`).join(' · ')
    page.need(40)
    let height = page.text(name, { ...columns.item, size: 10 })
    if (options)
      height += page.text(options, { ...columns.item, top: page.y + height, size: 8, color: '#555555' })
    page.text(String(line.quantity), { ...columns.quantity, size: 10, align: 'end' })
    page.text(pkr(line.unit_price), { ...columns.unit, size: 10, align: 'end' })
    page.text(pkr(line.total), { ...columns.amount, size: 10, align: 'end' })
    page.y += height + 4
  }
  page.rule()
  page.y += 8

  // The totals, at the line's end.
  page.need(90)
  const label = { x: 200, width: 210, align: 'end' as const }
  const figure = { ...columns.amount, align: 'end' as const }
  const total = paper.kind === 'credit_note' ? words.credited : words.total
  page.text(pkr(paper.total), { ...figure, size: 11, bold: true })
  page.y += page.text(total, { ...label, size: 11, bold: true })
  page.text(pkr(paper.taxTotal), { ...figure, size: 9 })
  page.y += page.text(words.taxIncluded(store.sales_tax_percent), { ...label, size: 9 })

  if (paper.kind === 'delivery_challan' && paper.balanceToCollect !== null) {
    page.y += 10
    if (toPaisa(paper.balanceToCollect) > 0n) {
      page.text(pkr(paper.balanceToCollect), { ...figure, size: 14, bold: true })
      page.y += page.text(words.balance, { ...label, size: 12, bold: true })
    } else page.y += page.text(words.nothingToCollect, { size: 12, bold: true, align: 'end' })
    // Signature lines for whoever hands it over and whoever takes it.
    page.need(90)
    page.y += 46
    for (const [index, who] of [words.receivedBy, words.deliveredBy].entries()) {
      const box = { x: index * (half + 10), width: half - 10 }
      page.rule(page.y, box)
      page.text(who, { ...box, top: page.y + 4, size: 9 })
    }
    page.y += 30
  }

  // The footer on every page, with its page number.
  const range = doc.bufferedPageRange()
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index)
    const top = PAGE.height - PAGE.margin - FOOTER_SPACE + 10
    page.rule(top)
    if (store.footer) page.text(store.footer, { top: top + 6, size: 8, color: '#555555', align: 'center' })
    page.text(words.page(index + 1, range.count), { top: top + 34, size: 8, color: '#555555', align: 'end' })
  }
  doc.end()
  return done
}
