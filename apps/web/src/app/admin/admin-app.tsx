import { RequireStaff } from '../guards'

/** The back office: its own layout and routes, in a chunk shoppers never download. */
export function AdminApp() {
  return (
    <RequireStaff>
      <h1>Admin Dashboard</h1>
    </RequireStaff>
  )
}
