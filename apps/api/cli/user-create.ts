import { parseArgs } from 'node:util'
import { RegisterBody, Role } from '@store/contract'
import { loadConfig } from '../src/config'
import { DatabaseLockedError, openDatabase } from '../src/db/client'
import { createUser } from '../src/features/auth/service'
import { runCommand } from './run-command'

const usage = [
  'Usage: npm run user:create -- --email E --password P --first-name F --last-name L',
  `         [--role ${Role.options.join('|')} | --staff]`,
  '--role gives the account a role (default: customer); --staff is short for --role manager.',
].join('\n')

/** Creates a user on the configured database (migrating it first); exits non-zero with the reason. */
async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        staff: { type: 'boolean', default: false },
        role: { type: 'string' },
      },
      strict: true,
    }))
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`)
    return 2
  }
  if (values.staff && values.role !== undefined) {
    console.error(`Give --role or --staff, not both (--staff means --role manager).\n${usage}`)
    return 2
  }
  const role = Role.safeParse(values.staff ? 'manager' : (values.role ?? 'customer'))
  if (!role.success) {
    console.error(`--role must be one of ${Role.options.join(', ')}.\n${usage}`)
    return 2
  }
  const input = RegisterBody.safeParse({
    email: values.email ?? '',
    password: values.password ?? '',
    first_name: values['first-name'] ?? '',
    last_name: values['last-name'] ?? '',
  })
  if (!input.success) {
    for (const issue of input.error.issues) console.error(`${issue.path.join('.')}: ${issue.message}`)
    console.error(usage)
    return 2
  }

  const config = loadConfig()
  let database: Awaited<ReturnType<typeof openDatabase>>
  try {
    database = await openDatabase(config)
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message)
      return 3
    }
    throw error
  }
  try {
    await database.migrate()
    const user = await createUser(database.db, { ...input.data, role: role.data })
    if (!user) {
      console.error(`A user with the email ${input.data.email} already exists.`)
      return 1
    }
    console.log(
      `Created ${user.is_staff ? 'staff user' : 'user'} ${user.email} (id ${user.id}), role ${user.role}.`,
    )
    return 0
  } finally {
    await database.close()
  }
}

runCommand(main)
