import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Plugin } from 'vite'

/**
 * Lingui's `failOnMissing`, for some catalogs only: a production build stops when a message of the
 * named catalogs (the shop's) has no translation in a language. The Lingui plugin's own option would
 * hold every catalog, the back office's too, to it, and with an English fallback it finds nothing.
 */
export function catalogsComplete({ cwd, catalogs }: { cwd: string; catalogs: string[] }): Plugin {
  return {
    name: 'catalogs-complete',
    apply: 'build',
    async buildStart() {
      const config = getConfig({ cwd })
      for (const catalog of await getCatalogs(config)) {
        const name = catalogs.find((each) => catalog.path.endsWith(`/${each}`))
        if (!name) continue
        for (const locale of config.locales) {
          // No fallback: with lingui.config.ts's English fallback nothing would ever count as missing.
          const { missing } = await catalog.getTranslations(locale, {
            fallbackLocales: {},
            sourceLocale: config.sourceLocale ?? '',
          })
          if (missing.length > 0) {
            const ids = missing.map((each) => `  ${each.source || each.id}`).join('\n')
            this.error(`${missing.length} messages of ${locale}/${name}.po have no translation:\n${ids}`)
          }
        }
      }
    },
  }
}
