/** Today in Pakistan as YYYY-MM-DD (the vans' calendar, whatever the staff member's time zone). */
export const pakistanToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date())

/** The `?date=` of a dispatch page, when it names a day; today in Pakistan otherwise. */
export const dayFromSearch = (search: URLSearchParams) => {
  const date = search.get('date') ?? ''
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : pakistanToday()
}
