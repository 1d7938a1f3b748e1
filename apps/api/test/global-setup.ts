import { execFileSync } from 'node:child_process'
import path from 'node:path'

/** Builds the API when dist/ is missing or older than its sources (as `npm start` does). */
export default function setup(): void {
  const repoRoot = path.resolve(import.meta.dirname, '../../..')
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-if-stale.mjs'), 'api'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
}
