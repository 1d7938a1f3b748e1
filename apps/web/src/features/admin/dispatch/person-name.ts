/** A person as the dispatch pages name them: first and last name (a driver, a customer on an order). */
export const personName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim()
