import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db/client'

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function userCreate(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['dist/user-create.js', ...args], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

const account = ['--email', 'owner@example.com', '--first-name', 'Omar', '--last-name', 'Owner']

// The CLI always works on the embedded database here, whichever database the rest of the suite uses.
describe('npm run user:create', () => {
  it('creates a manager for --staff on a fresh data directory, migrating it first', async () => {
    const result = await userCreate(...account, '--password', 'long-password-1', '--staff')
    expect(result.output).toContain('Created staff user owner@example.com (id 1), role manager.')
    expect(result.code).toBe(0)
  })

  it('gives the account the role named by --role', async () => {
    const result = await userCreate(
      '--email',
      'cat@example.com',
      '--first-name',
      'C',
      '--last-name',
      'C',
      '--password',
      'long-password-1',
      '--role',
      'catalogue',
    )
    expect(result.output).toMatch(/Created staff user cat@example\.com \(id \d+\), role catalogue\./)
    expect(result.code).toBe(0)
  })

  it('refuses an unknown role, and --role with --staff, creating nobody', async () => {
    const person = [
      '--email',
      'x@example.com',
      '--first-name',
      'X',
      '--last-name',
      'X',
      '--password',
      'long-password-1',
    ]
    const unknown = await userCreate(...person, '--role', 'admin')
    expect(unknown.code).toBe(2)
    expect(unknown.output).toContain(
      '--role must be one of customer, owner, manager, catalogue, orders, support, delivery.',
    )
    const both = await userCreate(...person, '--role', 'owner', '--staff')
    expect(both.code).toBe(2)
    expect(both.output).toContain('Give --role or --staff, not both')
    const customer = await userCreate(...person)
    expect(customer.output).toMatch(/Created user x@example\.com \(id \d+\), role customer\./)
  })

  it('refuses a used email, whatever its case, with a non-zero exit', async () => {
    const result = await userCreate(
      '--email',
      'OWNER@example.com',
      '--first-name',
      'O',
      '--last-name',
      'O',
      '--password',
      'long-password-1',
    )
    expect(result.code).not.toBe(0)
    expect(result.output).toContain('already exists')
  })

  it('refuses a short password with a non-zero exit', async () => {
    const result = await userCreate(
      '--email',
      'new@example.com',
      '--first-name',
      'N',
      '--last-name',
      'N',
      '--password',
      'short',
    )
    expect(result.code).not.toBe(0)
    expect(result.output).toContain('at least 8 characters')
  })

  it('says the database is in use while another process holds it, and opens nothing', async () => {
    const holder = await openPglite(dataDir)
    try {
      const result = await userCreate(
        '--email',
        'late@example.com',
        '--first-name',
        'L',
        '--last-name',
        'L',
        '--password',
        'long-password-1',
      )
      expect(result.code).not.toBe(0)
      expect(result.output).toMatch(/in use by process \d+/)
    } finally {
      await holder.close()
    }
  })
})
