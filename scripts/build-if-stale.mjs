// `npm start` and the shipped commands run the compiled app; this rebuilds a part only when its output
// is missing or older than any of its sources, so a restart does not pay for a build.
// Usage: node scripts/build-if-stale.mjs [api|web ...]   (no argument: both)
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const shared = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json']
const parts = {
  api: {
    output: 'apps/api/dist/server.js',
    sources: [
      'apps/api/src',
      'apps/api/cli',
      'apps/api/scripts/build.mjs',
      'apps/api/package.json',
      ...shared,
    ],
  },
  web: {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/scripts/precompress.mjs',
      'apps/web/package.json',
      ...shared,
    ],
  },
}

/** The latest modification time under a file or folder. */
function newest(target) {
  const info = statSync(target)
  if (!info.isDirectory()) return info.mtimeMs
  return readdirSync(target).reduce(
    (latest, name) => Math.max(latest, newest(path.join(target, name))),
    info.mtimeMs,
  )
}

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(parts)
for (const name of wanted) {
  const part = parts[name]
  if (!part) throw new Error(`Unknown part ${name}; expected ${Object.keys(parts).join(' or ')}.`)
  const output = path.join(root, part.output)
  const sources = part.sources.map((source) => path.join(root, source)).filter((source) => existsSync(source))
  const built = existsSync(output) ? statSync(output).mtimeMs : 0
  if (built > Math.max(...sources.map(newest))) continue
  console.log(`Building the ${name} (${built ? 'sources changed' : 'no build yet'})…`)
  // A production build whoever asks (vitest sets NODE_ENV=test, which would give React's development build).
  execFileSync('npm', ['run', 'build', '-w', `apps/${name}`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
