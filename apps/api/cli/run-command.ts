/** An error a command expects and explains in its message (the store is in use, a restore refused). */
type ExpectedError = abstract new (...args: never[]) => Error

/**
 * Runs a command's `main` and exits with its code: an expected error prints its message and exits 3,
 * anything else prints its message (never a stack) and exits 1.
 */
export function runCommand(main: () => Promise<number>, expected: ExpectedError[] = []): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(expected.some((kind) => error instanceof kind) ? 3 : 1)
    },
  )
}
