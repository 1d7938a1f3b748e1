import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ClaimReason, ClaimStatus, ClaimWanted, ResolutionKind } from '@store/contract'

/** A claim's words in both languages, shared by the customer's pages and the back office. */
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, MessageDescriptor> = {
  requested: msg`Requested`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  pickup_scheduled: msg`Pickup scheduled`,
  received: msg`Received`,
  resolved: msg`Resolved`,
}

export const CLAIM_STATUS_VARIANTS: Record<ClaimStatus, string> = {
  requested: 'warning',
  approved: 'info',
  rejected: 'secondary',
  pickup_scheduled: 'primary',
  received: 'primary',
  resolved: 'success',
}

export const CLAIM_REASON_LABELS: Record<ClaimReason, MessageDescriptor> = {
  damaged: msg`Damaged`,
  wrong_item: msg`Wrong item`,
  defect: msg`Defect`,
  changed_mind: msg`Changed my mind`,
}

export const CLAIM_WANTED_LABELS: Record<ClaimWanted, MessageDescriptor> = {
  replace: msg`A replacement`,
  repair: msg`A repair`,
  refund: msg`A refund`,
}

export const RESOLUTION_KIND_LABELS: Record<ResolutionKind, MessageDescriptor> = {
  replace: msg`Replacement`,
  repair: msg`Repair`,
  refund: msg`Refund`,
  none: msg`No remedy`,
}
