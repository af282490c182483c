import { DocLink, LegalDocument, SupportEmailLink, styles, type LegalSection } from './legal-document';
import { LEGAL_TEXTS } from './texts';

const { termsNoticeDays, minimumAge, governingState } = LEGAL_TEXTS;

const sections: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement',
    body: (
      <p className={styles.p}>
        By browsing this site, creating an account or uploading anything, you agree to these Terms, to the{' '}
        <DocLink to="acceptableUse" /> and to the way we handle data described in the <DocLink to="privacy" />. If you
        do not agree, please do not use the site.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <ul className={styles.ul}>
        <li>You must be at least {minimumAge} years old to create an account.</li>
        <li>
          Give a working email address and keep it current; we use it to verify your account and for account notices.
        </li>
        <li>Keep your password private. You are responsible for what happens under your account.</li>
        <li>Your username is public and appears next to everything you publish. Do not impersonate anyone.</li>
        <li>You can ask us to close your account at any time by writing to support.</li>
      </ul>
    ),
  },
  {
    id: 'plugins-and-cars',
    title: 'Plugins, car designs and your game',
    body: (
      <>
        <p className={styles.p}>
          Plugins are C++ programs written by community members and loaded into Rocket League by BakkesMod. They run on
          your computer with the same access as the game itself. Car designs are code strings you copy into the game or
          the mod tool.
        </p>
        <ul className={styles.ul}>
          <li>
            Moderators review plugin submissions, but a review is not a guarantee that a plugin is safe, bug-free or
            suitable for you.
          </li>
          <li>
            You install plugins and use car designs at your own risk. Read the description and, if you can, the source.
          </li>
          <li>
            The game publisher's own terms still apply to you. Using mods in online matches may be restricted by those
            terms.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Content you upload',
    body: (
      <>
        <p className={styles.p}>
          You keep ownership of the plugins, source code, car designs, comments, ratings and images you publish. By
          publishing them you give us a worldwide, free, non-exclusive licence to store, build, review, display and
          distribute them on the site for as long as they are published, and you let other members download, install and
          copy them for their own use in the game.
        </p>
        <p className={styles.p}>
          You promise that you have the right to publish what you upload and that it follows the{' '}
          <DocLink to="acceptableUse" />. If you remove an item, copies already downloaded by others are outside our
          control.
        </p>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation',
    body: (
      <p className={styles.p}>
        New plugins and new versions wait for review before they appear publicly. Moderators may approve, deny, hide or
        remove plugins, car designs, comments and ratings, and may limit or suspend accounts, when content breaks these
        Terms or the Acceptable Use Policy or puts players at risk.
      </p>
    ),
  },
  {
    id: 'ownership',
    title: 'The site and trademarks',
    body: (
      <p className={styles.p}>
        The site's design and code belong to its operators. This is an independent community project; it is not
        affiliated with, endorsed by or sponsored by Psyonix, Epic Games or the developers of BakkesMod. Rocket League
        and other names are trademarks of their owners and are used only to describe compatibility.
      </p>
    ),
  },
  {
    id: 'copyright',
    title: 'Copyright complaints',
    body: (
      <p className={styles.p}>
        If you believe something on the site infringes your copyright, email <SupportEmailLink /> with a link to the
        item, a description of your work, proof that you own it or act for the owner, and how to reach you. We will
        remove infringing material and may close the accounts of repeat infringers.
      </p>
    ),
  },
  {
    id: 'ads-and-links',
    title: 'Advertising and outside links',
    body: (
      <p className={styles.p}>
        The site shows ads supplied by an ad network and links to outside sites, such as BakkesMod's download page and
        code-hosting services. We do not control those sites and are not responsible for them.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers and liability',
    body: (
      <>
        <p className={styles.p}>
          The site and everything on it are provided "as is" and "as available", without warranties of any kind, to the
          fullest extent the law allows. We do not promise the site will always be available or error-free.
        </p>
        <p className={styles.p}>
          To the fullest extent the law allows, we are not liable for indirect or consequential losses, lost game
          progress, account actions taken by the game publisher, or damage caused by plugins or designs made by other
          members. Nothing in these Terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'ending',
    title: 'Suspension and ending',
    body: (
      <p className={styles.p}>
        We may suspend or close an account that breaks these Terms or the Acceptable Use Policy. You may stop using the
        site at any time. Sections about your content licence, disclaimers, liability and disputes continue to apply
        after an account is closed.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these Terms',
    body: (
      <p className={styles.p}>
        We will announce material changes to these Terms at least {termsNoticeDays} days in advance, by a notice on the
        site and by email to members. Small changes, such as fixing typos, take effect when posted. If you keep using
        the site after a change takes effect, you accept the updated Terms; if you do not, you can close your account
        before then.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p className={styles.p}>
        These Terms are governed by the laws of the {governingState}, without regard to its conflict-of-laws rules.
        Disputes will be resolved in the state or federal courts located in the {governingState}, unless the law where
        you live gives you the right to bring a claim at home.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p className={styles.p}>
        Questions about these Terms: <SupportEmailLink />.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      doc="terms"
      intro={
        <p>
          These Terms of Service explain the rules for using this community site, where Rocket League players share
          BakkesMod plugins and custom car designs.
        </p>
      }
      sections={sections}
    />
  );
}

export default TermsPage;
