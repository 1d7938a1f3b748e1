import { escapeHtml } from '../../lib/html'

/** HTML that may go into a mail as it is: built only by the `html` tag, so every value in it was escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

type Value = string | number | SafeHtml | null | undefined | false | Value[]

const render = (value: Value): string => {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

/**
 * A template of mail HTML: names, addresses, product names and messages come from users, so every
 * interpolated value is escaped unless it is itself `html` (a nested part); null and false are left out.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? ''
  for (const [index, value] of values.entries()) out += render(value) + (strings[index + 1] ?? '')
  return new SafeHtml(out)
}
