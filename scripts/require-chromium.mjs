// The first step of `npm test`: its last step, the browser journeys, runs on the system's Chromium, so a
// machine without it learns so at once rather than after every other suite has run.
import { accessSync, constants } from 'node:fs'

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
try {
  accessSync(browser, constants.X_OK)
} catch {
  console.error(
    `npm test needs Chromium at ${browser} for the browser journeys: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH to one), then run npm test again.`,
  )
  process.exit(1)
}
