import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row g-4">
          <div className="col-md-5">
            <p className="footer-brand">
              <img src="/logo.svg" alt="" width="32" height="32" /> Comfort Living
            </p>
            <p>
              <Trans>
                Furniture and home furnishings made for everyday living, delivered across Pakistan.
              </Trans>
            </p>
          </div>
          <nav className="col-6 col-md-3" aria-labelledby="footer-links-heading">
            <h2 id="footer-links-heading" className="footer-heading">
              Help &amp; Info
            </h2>
            <ul className="list-unstyled footer-links">
              <li>
                <Link to="/about">
                  <Trans>About Us</Trans>
                </Link>
              </li>
              <li>
                <Link to="/contact">Contact</Link>
              </li>
              <li>
                <Link to="/faq">FAQ</Link>
              </li>
              <li>
                <Link to="/terms">Terms of Service</Link>
              </li>
              <li>
                <Link to="/privacy">Privacy Policy</Link>
              </li>
            </ul>
          </nav>
          <div className="col-6 col-md-4">
            <h2 className="footer-heading">Newsletter</h2>
            <p>
              Our newsletter is coming soon: new collections, seasonal offers and furniture care tips, a few
              times a year.
            </p>
          </div>
        </div>
        <div className="footer-bottom">
          <p className="mb-0">© {new Date().getFullYear()} Comfort Living. All rights reserved.</p>
          <p className="mb-0">Made with care for homes across Pakistan.</p>
        </div>
      </div>
    </footer>
  )
}
