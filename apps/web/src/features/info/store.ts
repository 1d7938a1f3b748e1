import { msg } from '@lingui/core/macro'

/** The shop's own details, shown on the contact, FAQ and legal pages. */
export const STORE = {
  name: 'Comfort Living',
  address: ['42 Main Boulevard, Gulberg III', 'Lahore 54660, Pakistan'],
  phone: '+92 42 3578 1100',
  phoneHref: 'tel:+924235781100',
  email: 'hello@comfortliving.pk',
  hours: msg`Monday to Saturday, 10:00 to 20:00`,
}
