import { lazy } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo.tsx';
import { WhenVisible } from '../../components/WhenVisible.tsx';

// Below the fold, with its validation: loaded as it scrolls near.
const ContactForm = lazy(() =>
  import('../contact/ContactForm.tsx').then(({ ContactForm }) => ({ default: ContactForm })),
);

/** The footer of the public pages: who we are, the contact form, terms and privacy (SPEC.md section 2). */
export function PublicFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div className="footer-about">
          <Logo />
          <p className="muted">
            Live crypto portfolio tracking with price alerts by e-mail and SMS. Coinpace is a tracking tool,
            not financial advice.
          </p>
          <nav aria-label="Legal" className="footer-links">
            <Link to="/terms-of-service">Terms of Service</Link>
            <Link to="/privacy-policy">Privacy Policy</Link>
            <Link to="/beta-sign-up">Beta waitlist</Link>
          </nav>
        </div>
        <section id="contact" className="footer-contact" aria-labelledby="contact-title">
          <h2 id="contact-title">Contact us</h2>
          <p className="muted">Questions about plans, alerts or your data? We answer every message.</p>
          <WhenVisible
            placeholder={
              <p className="muted contact-placeholder" role="status">
                Loading the contact form...
              </p>
            }
          >
            <ContactForm />
          </WhenVisible>
        </section>
      </div>
      <div className="footer-bottom">
        <span>© {new Date().getFullYear()} Coinpace</span>
        <span className="muted">Prices are for information only and may be delayed.</span>
      </div>
    </footer>
  );
}
