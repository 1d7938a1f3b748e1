import { Trans } from '@lingui/react/macro'
import { Link } from 'react-router'

export function SiteFooter() {
  const year = new Date().getFullYear()
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
              <Trans>Help &amp; Info</Trans>
            </h2>
            <ul className="list-unstyled footer-links">
              <li>
                <Link to="/about">
                  <Trans>About Us</Trans>
                </Link>
              </li>
              <li>
                <Link to="/contact">
                  <Trans>Contact</Trans>
                </Link>
              </li>
              <li>
                <Link to="/faq">
                  <Trans>FAQ</Trans>
                </Link>
              </li>
              <li>
                <Link to="/terms">
                  <Trans>Terms of Service</Trans>
                </Link>
              </li>
              <li>
                <Link to="/privacy">
                  <Trans>Privacy Policy</Trans>
                </Link>
              </li>
            </ul>
          </nav>
          <div className="col-6 col-md-4">
            <h2 className="footer-heading">
              <Trans>Newsletter</Trans>
            </h2>
            <p>
              <Trans>
                Our newsletter is coming soon: new collections, seasonal offers and furniture care tips, a few
                times a year.
              </Trans>
            </p>
          </div>
        </div>
        <div className="footer-bottom">
          <p className="mb-0">
            <Trans>© {year} Comfort Living. All rights reserved.</Trans>
          </p>
          <p className="mb-0">
            <Trans>Made with care for homes across Pakistan.</Trans>
          </p>
        </div>
      </div>
    </footer>
  )
}
