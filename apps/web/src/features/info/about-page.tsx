import { Link } from 'react-router'
import { useTitle } from '../../lib/use-title'

export function AboutPage() {
  useTitle('Our Story')
  return (
    <div className="container py-5 prose">
      <p className="eyebrow">About us</p>
      <h1 className="page-title">Our Story</h1>
      <p className="lead">
        Comfort Living began with a simple belief: a home should feel as good as it looks. We bring together
        furniture and home furnishings that are built to be lived with, and we price every piece in rupees,
        with no surprises.
      </p>
      <h2>What we make and choose</h2>
      <p>
        Our collection covers the rooms you spend your days in: sofas and armchairs for the living room, beds
        and wardrobes for the bedroom, dining tables and chairs, lighting, rugs and the small pieces that
        finish a room. We look for honest materials, sturdy joinery and fabrics that stand up to family life.
      </p>
      <h2>How we work</h2>
      <p>
        Every order is handled by a small team who know the products well. Have a question about a size, a
        finish or a delivery? Use “Buy Now (Contact Seller)” on any product page and you will be talking to a
        person, not a script.
      </p>
      <h2>Our promise</h2>
      <ul>
        <li>Standard delivery in 5–7 business days.</li>
        <li>Returns within 14 days for items in their original condition.</li>
        <li>Straight answers before you buy and help after it arrives.</li>
      </ul>
      <p>
        <Link to="/products" className="btn btn-primary">
          Explore the collection
        </Link>
      </p>
    </div>
  )
}
