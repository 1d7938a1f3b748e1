// `npm run dev`: the API (tsx watch, port 3000) and the web app (Vite, port 5173, which forwards /api
// and /media to the API), each reloading on change. When one stops, or on Ctrl-C, both stop.
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

// Each in a process group of its own, so stopping it also stops what npm started under it.
const children = ['apps/api', 'apps/web'].map((workspace) =>
  spawn(npm, ['run', 'dev', '-w', workspace], { cwd: root, stdio: 'inherit', detached: true }),
)

let stopping = false
function stopAll(exitCode) {
  if (stopping) return
  stopping = true
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone between the check and the signal.
      }
    }
  }
  process.exitCode = exitCode
}

for (const child of children) {
  child.on('exit', (code) => stopAll(code ?? 1))
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(0))
}
