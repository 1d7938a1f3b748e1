// Compiles the API to plain JavaScript in dist/: the server and the CLI commands that ship, each an
// ES module that `node` runs with no loader. Packages stay in node_modules (native ones like sharp
// cannot be bundled); only the workspace's contract, which ships as TypeScript source, is bundled in.
import { cpSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const apiRoot = path.resolve(import.meta.dirname, '..')
const outdir = path.join(apiRoot, 'dist')
const manifest = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8'))
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter((name) => name !== '@store/contract')
  .flatMap((name) => [name, `${name}/*`])

const started = Date.now()
rmSync(outdir, { recursive: true, force: true })
await build({
  absWorkingDir: apiRoot,
  entryPoints: {
    server: 'src/server.ts',
    'user-create': 'cli/user-create.ts',
    backup: 'cli/backup.ts',
    restore: 'cli/restore.ts',
    'media-to-s3': 'cli/media-to-s3.ts',
    'keys-rotate': 'cli/keys-rotate.ts',
  },
  outdir,
  bundle: true,
  // Shared code lands in chunks beside the entries (the default chunk names), so `import.meta.url` of
  // the database client still finds dist/migrations, and the demo seed stays a lazily loaded chunk.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
})
cpSync(path.join(apiRoot, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true })
console.log(`API compiled to ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`)
