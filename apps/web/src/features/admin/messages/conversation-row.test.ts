import { describe, expect, it } from 'vitest'
import { customerName, preview } from './conversation-row'

describe('conversation rows', () => {
  it("names the other participant, or 'A User' when the name is empty", () => {
    const customer = { id: 3, first_name: 'Ayesha', last_name: 'Khan' }
    const staff = { id: 1, first_name: 'Sana', last_name: 'Staff' }
    expect(customerName([customer, staff])).toBe('Ayesha Khan')
    expect(customerName([{ id: 3, first_name: '', last_name: '' }])).toBe('A User')
    expect(customerName([])).toBe('A User')
  })

  it('cuts a long last message to one short line', () => {
    expect(preview('Is the sofa\navailable?')).toBe('Is the sofa available?')
    const long = preview('word '.repeat(40), 20)
    expect(long.length).toBeLessThanOrEqual(20)
    expect(long.endsWith('…')).toBe(true)
  })
})
