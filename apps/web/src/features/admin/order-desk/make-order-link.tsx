import { Trans } from '@lingui/react/macro'
import type { Message } from '@store/contract'
import { Link } from 'react-router'
import type { InquiryStart } from './desk-values'

/**
 * Under a Buy Now inquiry in the back office's conversation: a new order for the customer who asked,
 * with the inquiry's product, quantity and choices filled in (the open options left to choose).
 */
export function MakeOrderLink({ message }: { message: Message }) {
  if (!message.inquiry) return null
  const fromInquiry: InquiryStart = { customer: message.sender, inquiry: message.inquiry }
  return (
    <div className="chat-meta">
      <Link to="/adminuser/orders/new" state={{ fromInquiry }} className="btn btn-sm btn-outline-primary">
        <Trans>Make an order</Trans>
      </Link>
    </div>
  )
}
