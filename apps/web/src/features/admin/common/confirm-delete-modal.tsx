import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { ConfirmModal } from '../../../components/confirm-modal'

interface ConfirmDeleteModalProps {
  show: boolean
  title: string
  deleting: boolean
  onCancel(): void
  onConfirm(): void
  /** What is deleted, and what follows from it */
  children: ReactNode
}

/** Nothing is deleted from the back office without a second, deliberate press. */
export function ConfirmDeleteModal({ deleting, ...dialog }: ConfirmDeleteModalProps) {
  const { t } = useLingui()
  return <ConfirmModal {...dialog} busy={deleting} confirmLabel={t`Delete`} />
}
