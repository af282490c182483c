import { DocLink, LegalDocument, SupportEmailLink, styles, type LegalSection } from './legal-document';
import { LEGAL_TEXTS } from './texts';

const { minimumAge } = LEGAL_TEXTS;
const NOTIFICATION_SETTINGS = '/account/settings/notifications';

const sections: readonly LegalSection[] = [
  {
    id: 'what-we-store',
    title: 'What we store',
    body: (
      <>
        <h3 className={styles.h3}>Your account</h3>
        <ul className={styles.ul}>
          <li>Your username, email address and whether the email is verified.</li>
          <li>Your password, kept only as a salted hash. We never store or see it in plain text.</li>
          <li>Your avatar image and profile text, if you add them.</li>
          <li>Your notification settings, including whether you opted in to product-update emails.</li>
        </ul>
        <h3 className={styles.h3}>What you publish and send</h3>
        <ul className={styles.ul}>
          <li>Plugins you upload: source code, builds, descriptions, versions and review notes.</li>
          <li>Car designs (code strings), comments, ratings and votes.</li>
          <li>Feedback you send us, with the address of the page you sent it from, and messages in your inbox.</li>
        </ul>
        <h3 className={styles.h3}>Technical data</h3>
        <ul className={styles.ul}>
          <li>
            Visitor ids for counters: to count each visitor once on view and download counters, we turn your IP address
            into a hashed visitor id. We store the hash, not the IP address.
          </li>
          <li>A sign-in token kept in your browser's local storage so you stay signed in.</li>
          <li>Short-lived server logs (IP address, page requested, time) used to keep the site secure.</li>
          <li>
            Error reports, when error reporting is enabled: the page address, browser details and what went wrong, sent
            to an error-reporting provider so we can fix bugs.
          </li>
          <li>
            Sign-up and sign-in use a bot-check service, which looks at your browser and IP address to tell people from
            bots.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'ads-and-cookies',
    title: 'Ads and cookies',
    body: (
      <p className={styles.p}>
        On the production site, the footer shows ads from an ad network. The ad network may set cookies and read your IP
        address and device details to show and measure ads, under its own privacy policy. Other copies of the site (for
        example test hosts) show a placeholder instead. You can block or delete cookies in your browser settings. We do
        not use cookies to sign you in.
      </p>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <ul className={styles.ul}>
        <li>To run your account, show what you publish and let others find, install and rate it.</li>
        <li>To review plugin submissions and keep the site free of malware, spam and abuse.</li>
        <li>To send account emails: verification, password resets, email changes and the notifications you choose.</li>
        <li>To count views and downloads fairly, fix errors and improve the site.</li>
      </ul>
    ),
  },
  {
    id: 'emails',
    title: 'Product-update emails',
    body: (
      <p className={styles.p}>
        Occasional product-update emails are sent only if you opt in, at sign-up or later. You can withdraw at any time
        in your{' '}
        <a className={styles.link} href={NOTIFICATION_SETTINGS}>
          notification settings
        </a>
        . Account and security emails are part of the service and are sent regardless.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p className={styles.p}>
          Your username, avatar, profile and everything you publish are public. Your email address is not. We do not
          sell personal data. We share data only with:
        </p>
        <ul className={styles.ul}>
          <li>
            Providers that run parts of the service for us: hosting, email delivery, bot checks and error reporting.
          </li>
          <li>The ad network, as described above, on the production site.</li>
          <li>
            Authorities, when the law requires it or to protect players from harm, as the <DocLink to="acceptableUse" />{' '}
            explains.
          </li>
        </ul>
        <p className={styles.p}>
          The site and its providers may process data in the United States and other countries, with safeguards required
          by law.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul className={styles.ul}>
        <li>Account data: while your account exists. After you ask us to delete it, we remove it within 30 days.</li>
        <li>Published content: until you or a moderator remove it, or your account is deleted.</li>
        <li>Hashed visitor ids: only as long as needed to de-duplicate counters, and no longer than 90 days.</li>
        <li>Server logs and error reports: up to 90 days.</li>
        <li>Backups: rotated out within 30 days of the data being deleted from the live site.</li>
        <li>We may keep limited records longer when the law requires it or to deal with abuse.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <ul className={styles.ul}>
          <li>Access: ask for a copy of the personal data we hold about you.</li>
          <li>Correction: change your email, avatar and profile in settings, or ask us to fix anything else.</li>
          <li>Deletion: ask us to delete your account and personal data.</li>
          <li>Objection and withdrawal of consent, for example to product-update emails.</li>
        </ul>
        <p className={styles.p}>
          Email <SupportEmailLink /> from the address on your account. We answer within 30 days and may ask you to
          confirm your identity. Depending on where you live, you may also complain to your data-protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p className={styles.p}>
        The service is not for children under {minimumAge}, and we do not knowingly collect data from anyone under{' '}
        {minimumAge}. If we learn that an account belongs to a child under {minimumAge}, we close it and delete its
        personal data. Parents or guardians who believe this has happened can contact us.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p className={styles.p}>
        We use encrypted connections, hash passwords, limit who can reach personal data and check uploads before they
        are published. No service is perfectly secure; if a breach affects you, we will tell you.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p className={styles.p}>
        When we change this policy we update the date at the top. We announce important changes on the site and by email
        before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p className={styles.p}>
        Privacy questions and requests: <SupportEmailLink />. See also the <DocLink to="terms" />.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      doc="privacy"
      intro={
        <p>
          This policy explains what personal data this community site for BakkesMod plugins and car designs stores, why,
          for how long, and what you can do about it.
        </p>
      }
      sections={sections}
    />
  );
}

export default PrivacyPolicyPage;
