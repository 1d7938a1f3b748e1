import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { HtmlTagDescriptor, Plugin } from 'vite'

const require = createRequire(import.meta.url)

const STYLESHEETS = [
  { id: 'bootstrap-ltr', file: 'bootstrap/dist/css/bootstrap.min.css' },
  { id: 'bootstrap-rtl', file: 'bootstrap/dist/css/bootstrap.rtl.min.css' },
] as const

/**
 * Bootstrap's left-to-right and right-to-left builds as two stylesheets of their own, linked from
 * index.html with the RTL one disabled: a page in Urdu enables it instead (the server's HTML and
 * lib/i18n.ts), and a browser does not download a disabled stylesheet. Bundled with the app's own
 * CSS, the two would apply at once.
 */
export function bootstrapStylesheets(): Plugin {
  const linkTo = (id: string, href: string): HtmlTagDescriptor => ({
    tag: 'link',
    attrs: { rel: 'stylesheet', id, href, ...(id === 'bootstrap-rtl' && { disabled: true }) },
    injectTo: 'head-prepend',
  })
  return {
    name: 'bootstrap-stylesheets',
    buildStart() {
      if (this.meta.watchMode) return
      for (const { id, file } of STYLESHEETS)
        this.emitFile({ type: 'asset', name: `${id}.css`, source: readFileSync(require.resolve(file)) })
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        STYLESHEETS.map(({ id, file }) => {
          if (!bundle) return linkTo(id, `/@fs${require.resolve(file)}`)
          const asset = Object.values(bundle).find(
            (output) => output.type === 'asset' && output.names.includes(`${id}.css`),
          )
          if (!asset) throw new Error(`${id}.css was not emitted`)
          return linkTo(id, `/${asset.fileName}`)
        }),
    },
  }
}
