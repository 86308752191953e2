import { Link } from 'react-router-dom';

/** The Terms of Service text (shown in a modal at /terms-of-service). */
export function TermsOfService() {
  return (
    <article className="legal">
      <p className="legal-updated">Last updated: November 2026</p>
      <p>
        These terms govern your use of Coinpace, a web service for tracking cryptocurrency holdings and
        receiving price alerts. By creating an account or using the site you agree to them. If you do not
        agree, please do not use Coinpace.
      </p>

      <h3>1. What Coinpace is, and is not</h3>
      <p>
        Coinpace shows the value of the holdings you enter, their gain or loss and 24-hour change, and sends
        the alerts you set up. Coinpace is a tracking tool. It does not hold, move or trade assets, it never
        asks for private keys or recovery phrases, and nothing on the site is financial, investment, tax or
        legal advice. Decisions you make with information from Coinpace are yours.
      </p>

      <h3>2. Your account</h3>
      <ul>
        <li>You must be at least 18 years old and able to enter a binding contract.</li>
        <li>
          Give accurate contact details: alerts go to the e-mail address and phone number in your profile.
        </li>
        <li>Keep your sign-in details to yourself. You are responsible for activity under your account.</li>
        <li>Tell us through the contact form if you believe someone else has used your account.</li>
      </ul>

      <h3>3. Accounts without a paid plan</h3>
      <p>
        Creating an account is free, but keeping one requires a paid plan. An account that is not upgraded to
        a paid plan is deleted 14 days after registration; we send a warning by e-mail on day 11. If you
        cancel a plan, the same 14 days start when your last paid billing period ends. Deletion removes your
        portfolio, alerts and profile and cannot be undone.
      </p>

      <h3>4. Plans, billing and cancellation</h3>
      <ul>
        <li>
          Plans (Coinpace, Token Run and Moon Race) are billed monthly in advance through our payment
          provider, Stripe. Prices are shown before you pay and may include taxes where required.
        </li>
        <li>
          Plans differ by their alert allowance. Each alert delivered counts once toward the monthly
          allowance, whatever the delivery method (SMS or e-mail). Unused alerts do not carry over.
        </li>
        <li>
          You can upgrade, downgrade or cancel at any time from My Account. An upgrade applies at once and the
          difference is prorated. A cancellation takes effect at the end of the current billing period, and
          you keep access until then.
        </li>
        <li>Fees already paid are not refunded for partial periods, except where the law requires it.</li>
        <li>If a payment fails, we and Stripe may retry it; access may end if the payment is not made.</li>
      </ul>

      <h3>5. Prices and alerts</h3>
      <p>
        Prices come from third-party market data (CoinGecko) and may be delayed, incomplete or wrong,
        especially for small or newly listed tokens. Alerts depend on e-mail and SMS networks we do not
        control and may arrive late or not at all. Do not rely on Coinpace as your only way to follow a
        position.
      </p>

      <h3>6. Acceptable use</h3>
      <ul>
        <li>Do not try to break, overload, scrape or get around the limits or security of the service.</li>
        <li>Do not use Coinpace to send spam, or to store data you have no right to store.</li>
        <li>Do not enter private keys, recovery phrases or passwords anywhere on the site.</li>
      </ul>

      <h3>7. Beta program</h3>
      <p>
        Joining the beta waitlist does not guarantee access. Beta features may change, break or be withdrawn
        at any time. We keep waitlist entries for two years and then delete them.
      </p>

      <h3>8. Availability</h3>
      <p>
        We aim to keep Coinpace available but do not promise it will be uninterrupted. We may restrict access
        with a site password or pause sign-in and sign-up during maintenance.
      </p>

      <h3>9. Ownership</h3>
      <p>
        The service, its design and its software belong to Coinpace. Your portfolio data belongs to you; you
        give us permission to store and process it only to run the service, as set out in the{' '}
        <Link to="/privacy-policy" replace>
          Privacy Policy
        </Link>
        .
      </p>

      <h3>10. Liability</h3>
      <p>
        To the extent the law allows, Coinpace is provided &quot;as is&quot;, and we are not liable for
        trading losses, missed opportunities, or losses caused by late, missing or incorrect prices or alerts.
        Our total liability for any claim is limited to the fees you paid us in the three months before the
        claim. Nothing in these terms limits liability that cannot be limited by law.
      </p>

      <h3>11. Ending your use</h3>
      <p>
        You can delete your account at any time from My Account. We may suspend or close accounts that break
        these terms, and will tell you why unless the law prevents it.
      </p>

      <h3>12. Changes</h3>
      <p>
        We may update these terms. If a change is significant we will tell you by e-mail or on the site before
        it applies. Continuing to use Coinpace after a change means you accept it.
      </p>

      <h3>13. Contact</h3>
      <p>Questions about these terms? Write to us with the contact form at the bottom of the home page.</p>
    </article>
  );
}
