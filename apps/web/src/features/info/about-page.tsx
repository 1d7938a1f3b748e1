import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { useTitle } from '../../lib/use-title'

export function AboutPage() {
  const { t } = useLingui()
  useTitle(t`Our Story`)
  return (
    <div className="container py-5 prose">
      <p className="eyebrow">
        <Trans>About us</Trans>
      </p>
      <h1 className="page-title">
        <Trans>Our Story</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Comfort Living began with a simple belief: a home should feel as good as it looks. We bring together
          furniture and home furnishings that are built to be lived with, and we price every piece in rupees,
          with no surprises.
        </Trans>
      </p>
      <h2>
        <Trans>What we make and choose</Trans>
      </h2>
      <p>
        <Trans>
          Our collection covers the rooms you spend your days in: sofas and armchairs for the living room,
          beds and wardrobes for the bedroom, dining tables and chairs, lighting, rugs and the small pieces
          that finish a room. We look for honest materials, sturdy joinery and fabrics that stand up to family
          life.
        </Trans>
      </p>
      <h2>
        <Trans>How we work</Trans>
      </h2>
      <p>
        <Trans>
          Every order is handled by a small team who know the products well. Have a question about a size, a
          finish or a delivery? Use “Buy Now (Contact Seller)” on any product page and you will be talking to
          a person, not a script.
        </Trans>
      </p>
      <h2>
        <Trans>Our promise</Trans>
      </h2>
      <ul>
        <li>
          <Trans>Standard delivery in 5–7 business days.</Trans>
        </li>
        <li>
          <Trans>Returns within 14 days for items in their original condition.</Trans>
        </li>
        <li>
          <Trans>Straight answers before you buy and help after it arrives.</Trans>
        </li>
      </ul>
      <p>
        <Link to="/products" className="btn btn-primary">
          <Trans>Explore the collection</Trans>
        </Link>
      </p>
    </div>
  )
}
