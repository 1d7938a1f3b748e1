/** The staff account the e2e server creates before it starts. */
export const STAFF = {
  email: 'staff@e2e.test',
  password: 'staff-password-123',
  firstName: 'Sana',
  lastName: 'Staff',
}
