import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PERMISSIONS, permissions, STAFF_ROLES } from './access'
import { routes } from './index'

/** The permission table as docs/roles.md shows it: one row per permission, one column per role. */
function permissionTable(): string {
  const header = `| permission | allows | ${STAFF_ROLES.join(' | ')} |`
  const rule = `| --- | --- | ${STAFF_ROLES.map(() => '---').join(' | ')} |`
  const rows = PERMISSIONS.map((name) => {
    const { allows, roles } = permissions[name]
    const marks = STAFF_ROLES.map((role) => ((roles as readonly string[]).includes(role) ? '✓' : ''))
    return `| \`${name}\` | ${allows} | ${marks.join(' | ')} |`
  })
  return [header, rule, ...rows].join('\n')
}

const normalise = (markdown: string) => markdown.replace(/ +/g, ' ').replace(/-{3,}/g, '---')

describe('the permission table', () => {
  it('gives every staff role something to do', () => {
    for (const role of STAFF_ROLES) {
      expect(PERMISSIONS.some((name) => (permissions[name].roles as readonly string[]).includes(role))).toBe(
        true,
      )
    }
  })

  it('has no permission that no route asks for', () => {
    const asked = new Set(
      routes.flatMap((route) => [
        ...(typeof route.access === 'object' ? [route.access.staff] : []),
        ...(route.staffSeesAll ? [route.staffSeesAll] : []),
      ]),
    )
    expect([...asked].sort()).toEqual([...PERMISSIONS].sort())
  })

  it('is the one docs/roles.md shows', () => {
    const rolesPage = readFileSync(new URL('../../../docs/roles.md', import.meta.url), 'utf8')
    expect(normalise(rolesPage)).toContain(normalise(permissionTable()))
  })
})
