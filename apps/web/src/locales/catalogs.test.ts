import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { describe, expect, it } from 'vitest'

/**
 * The shop's catalogs (lingui.config.ts: "shop", the first screen's, and "pages", the other pages'):
 * the back office's are checked by its own test. Every message the code holds is in both languages,
 * with an Urdu text that keeps the English one's placeholders, and no message is left over.
 */
const SHOP_CATALOGS = ['shop', 'pages']
const webRoot = path.resolve(import.meta.dirname, '../..')

interface Entry {
  context: string
  id: string
  text: string
}

/** A .po file's entries (msgctxt, msgid, msgstr; strings as Lingui writes them, one line each). */
function readPo(file: string): { entries: Entry[]; obsolete: number } {
  const source = readFileSync(file, 'utf8')
  const unquote = (line: string | undefined) => JSON.parse(line ?? '""') as string
  const entries = source
    .split(/\n\n+/)
    .map((block) => ({
      context: unquote(/^msgctxt (".*")$/m.exec(block)?.[1]),
      id: unquote(/^msgid (".*")$/m.exec(block)?.[1]),
      text: unquote(/^msgstr (".*")$/m.exec(block)?.[1]),
    }))
    .filter((entry) => entry.id !== '')
  return { entries, obsolete: (source.match(/^#~/gm) ?? []).length }
}

const key = (entry: Entry) => `${entry.context}\u0004${entry.id}`
/** The names of a message's placeholders and the numbers of its tags: `{name}`, `{count, plural…`, `<0>` */
const slotsOf = (message: string) =>
  [...message.matchAll(/\{(\w+)|<\/?(\d+)\/?>/g)].map((match) => match[1] ?? `<${match[2]}>`).sort()

describe.each(SHOP_CATALOGS)('the %s catalog', (name) => {
  const po = (language: string) => readPo(path.join(webRoot, `src/locales/${language}/${name}.po`))
  const english = po('en')
  const urdu = po('ur')

  it('has every English message in Urdu, with the same placeholders, and nothing obsolete', () => {
    expect(english.entries.length).toBeGreaterThan(0)
    expect(english.obsolete + urdu.obsolete).toBe(0)
    expect(urdu.entries.map(key).sort()).toEqual(english.entries.map(key).sort())
    const untranslated = urdu.entries.filter((entry) => entry.text.trim() === '').map((entry) => entry.id)
    expect(untranslated).toEqual([])
    for (const entry of urdu.entries) expect(slotsOf(entry.text), entry.id).toEqual(slotsOf(entry.id))
    for (const entry of english.entries) expect(entry.text, 'English is its own msgid').toBe(entry.id)
  })

  it('holds exactly the messages of the code, as `lingui extract` would write them', async () => {
    const config = getConfig({ cwd: webRoot })
    const catalog = (await getCatalogs(config)).find((each) => each.path.endsWith(`/${name}`))
    if (!catalog) throw new Error(`lingui.config.ts has no ${name} catalog`)
    const extracted = await catalog.collect()
    if (!extracted) throw new Error('the extraction failed')
    const fromCode = Object.values(extracted)
      .map((message) => `${message.context ?? ''}\u0004${message.message ?? ''}`)
      .sort()
    expect(english.entries.map(key).sort()).toEqual(fromCode)
  }, 60_000)
})

/** The app's own files the first bundle holds: what src/main.tsx imports, statically, all the way down. */
function firstBundleFiles(): Set<string> {
  const seen = new Set<string>()
  const queue = [path.join(webRoot, 'src/main.tsx')]
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    // `import x from './y'`, `export { x } from './y'`, `import './y'`; not `import type`, not `import()`
    const imports = [
      ...source.matchAll(/^(?:import|export)\s+(type\s)?[^;]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm),
    ]
    for (const [, typeOnly, from, bare] of imports) {
      const target = from ?? bare
      if (typeOnly || !target) continue
      const base = path.resolve(path.dirname(file), target)
      const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate),
      )
      if (resolved) queue.push(resolved)
    }
  }
  return seen
}

describe('the pages catalog', () => {
  it('holds no text the first bundle draws: those come before any page has loaded it', async () => {
    const config = getConfig({ cwd: webRoot })
    const pages = (await getCatalogs(config)).find((each) => each.path.endsWith('/pages'))
    if (!pages) throw new Error('lingui.config.ts has no pages catalog')
    const first = [...firstBundleFiles()]
    expect(first).toContain(path.join(webRoot, 'src/app/site-header.tsx'))
    const drawnTooEarly = first.filter((file) => pages.include.some((folder) => file.startsWith(folder)))
    expect(drawnTooEarly).toEqual([])
  })
})
