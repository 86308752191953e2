import { Link } from 'react-router-dom';

const PROCESSORS = [
  [
    'Sign-in (identity)',
    'Clerk',
    'Your e-mail address, name and sign-in details, to create accounts and sign you in.',
  ],
  [
    'Payments',
    'Stripe',
    'Card and billing details, entered on Stripe’s pages; we receive only plan and payment status.',
  ],
  [
    'E-mail',
    'Our e-mail delivery provider (SMTP)',
    'Your e-mail address and the content of alerts and account e-mails.',
  ],
  ['SMS', 'Twilio', 'Your phone number and the text of SMS alerts.'],
  ['Price data', 'CoinGecko', 'Coin identifiers and contract addresses only; never anything about you.'],
] as const;

/** The Privacy Policy text (shown in a modal at /privacy-policy and /privacy). */
export function PrivacyPolicy() {
  return (
    <article className="legal">
      <p className="legal-updated">Last updated: November 2026</p>
      <p>
        This policy explains what Coinpace stores about you, why, who helps us process it, how long we keep
        it, and the choices you have. We collect as little as we can to run the service.
      </p>

      <h3>What we store</h3>
      <ul>
        <li>
          <strong>Account:</strong> your e-mail address, first name (if given), phone number (if you add one
          for SMS alerts), and when the account was created.
        </li>
        <li>
          <strong>Portfolio:</strong> the coins you add or import, their quantities and purchase prices, and
          contract addresses where you give them. We do not connect to your wallets or exchanges.
        </li>
        <li>
          <strong>Alerts:</strong> the alerts you set, when they fired, and a record of the e-mails and SMS
          sent.
        </li>
        <li>
          <strong>Billing:</strong> your plan, its status and billing period, and your usage against the
          allowance. Card details stay with Stripe.
        </li>
        <li>
          <strong>Beta waitlist:</strong> your e-mail address, trading experience and primary wallet type.
        </li>
        <li>
          <strong>Contact messages:</strong> the name, e-mail address and message you send us.
        </li>
        <li>
          <strong>Technical logs:</strong> request times, paths and errors, kept briefly to run and secure the
          service.
        </li>
      </ul>
      <p>
        We never ask for private keys, recovery phrases or exchange passwords. Please never send them to us.
      </p>

      <h3>In your browser</h3>
      <p>
        Coinpace keeps a few items in your browser&apos;s storage: your sign-in session, your theme choice,
        the site password for the current tab (when the site has one), and the wallets you connected on the
        Wallets screen. Cached prices and portfolio data are cleared each time the app starts. A built-in
        guard regularly removes anything else that looks like a key, a recovery phrase, a wallet address or a
        large amount. Our sign-in provider may set its own cookies to keep you signed in.
      </p>

      <h3>Why we use it</h3>
      <ul>
        <li>To run your account, show your portfolio and deliver the alerts you ask for.</li>
        <li>To bill your plan and count alerts against its allowance.</li>
        <li>To answer your messages and, for the waitlist, to invite you to the beta.</li>
        <li>To keep the service secure and working, and to meet legal duties.</li>
      </ul>
      <p>
        We do not sell your data and do not use it for advertising. Anonymous usage events (such as &quot;a
        form was submitted&quot;) may be counted to improve the site; they contain no name, e-mail address or
        message.
      </p>

      <h3>Who processes it for us</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col">Processor</th>
            <th scope="col">What they receive</th>
          </tr>
        </thead>
        <tbody>
          {PROCESSORS.map(([purpose, processor, data]) => (
            <tr key={purpose}>
              <th scope="row">{purpose}</th>
              <td>{processor}</td>
              <td>{data}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Each processor handles the data only on our instructions and under its own security obligations.</p>

      <h3>How long we keep it</h3>
      <ul>
        <li>
          <strong>Accounts not upgraded</strong> to a paid plan are deleted 14 days after registration, with a
          warning e-mail on day 11. After you cancel a plan, the same 14 days start when your last billing
          period ends.
        </li>
        <li>
          <strong>Deleted accounts:</strong> your profile, portfolio, alerts and message history are removed;
          we keep only an empty record that the account existed, and payment records Stripe and tax law
          require.
        </li>
        <li>
          <strong>Beta waitlist entries</strong> are deleted two years after you join.
        </li>
        <li>
          <strong>Contact messages</strong> are deleted one year after you send them.
        </li>
      </ul>

      <h3>Your choices and rights</h3>
      <ul>
        <li>See and correct your contact details on My Account.</li>
        <li>Delete your account at any time from My Account; deletion is immediate.</li>
        <li>
          Ask for a copy of your data, or object to how we use it, through the contact form. Depending on
          where you live you may also complain to your data protection authority.
        </li>
      </ul>

      <h3>Security</h3>
      <p>
        Connections to Coinpace are encrypted, passwords are stored only as salted hashes, and access to
        production data is limited to the people who run the service. No system is perfectly secure; we will
        tell you without undue delay if a breach affects your data.
      </p>

      <h3>Changes and contact</h3>
      <p>
        We will post any change to this policy here and tell you by e-mail if it is significant. Questions?
        Use the contact form at the bottom of the home page. See also our{' '}
        <Link to="/terms-of-service" replace>
          Terms of Service
        </Link>
        .
      </p>
    </article>
  );
}
