import { DocLink, LegalDocument, SupportEmailLink, styles, type LegalSection } from './legal-document';
import { LEGAL_TEXTS } from './texts';

const { governingState, aupRuleTopics } = LEGAL_TEXTS;

/** One sentence per rule topic; keys follow LEGAL_TEXTS.aupRuleTopics. */
const RULES: Record<(typeof aupRuleTopics)[number], string> = {
  'Unlawful use':
    "Do not use the site for anything that breaks the law where you or we are, or to infringe anyone's rights.",
  Fraud:
    'Do not deceive others for gain: no fake giveaways, trading scams or false claims about what a plugin or design does.',
  Malware:
    "Do not upload or link to viruses, trojans, keyloggers, account or token stealers, miners or any code that harms a player's computer, data or game account.",
  Spam: 'Do not post repetitive or unsolicited comments, messages or uploads, and do not inflate ratings, votes, views or downloads.',
  Phishing:
    'Do not try to trick anyone into revealing passwords, game or platform credentials or personal data, for example with fake login pages or look-alike links.',
  Disruption:
    "Do not overload, attack or interfere with the site, its build and review systems or other members' use of it, including by abusive automated requests.",
  'Harming minors': 'Do not exploit, endanger, groom or harm minors in any way, or share content that sexualises them.',
  'Unauthorised access':
    'Do not access accounts, data or systems you are not allowed to, bypass the bot check or moderation, or probe the site for weaknesses without our written permission.',
};

const sections: readonly LegalSection[] = [
  {
    id: 'purpose',
    title: 'What the site is for',
    body: (
      <p className={styles.p}>
        This site is for sharing applications that add custom functions to Rocket League through the BakkesMod mod tool,
        and for sharing custom car designs. Everything you do here, from uploading to commenting, should serve that
        purpose.
      </p>
    ),
  },
  {
    id: 'prohibited-uses',
    title: 'Prohibited uses',
    body: (
      <ul className={styles.ul}>
        {aupRuleTopics.map((topic) => (
          <li key={topic}>
            <strong className={styles.strong}>{topic}.</strong> {RULES[topic]}
          </li>
        ))}
        <li>
          <strong className={styles.strong}>Harassment.</strong> Do not threaten, harass or post hateful content about
          other members.
        </li>
      </ul>
    ),
  },
  {
    id: 'submission-standards',
    title: 'Submission standards',
    body: (
      <>
        <h3 className={styles.h3}>Plugins</h3>
        <ul className={styles.ul}>
          <li>
            Every plugin and every new version must come with its complete source code, and the build must match that
            source.
          </li>
          <li>
            A plugin must do what its name and description say, with no hidden features, obfuscation or undisclosed data
            collection.
          </li>
          <li>
            No cheats: nothing that gives an unfair advantage in online matches, such as automating play, reading hidden
            game state or manipulating other players' games.
          </li>
          <li>
            Respect others' intellectual property: follow the licences of code you reuse, give credit, and do not
            re-upload someone else's plugin without permission.
          </li>
        </ul>
        <h3 className={styles.h3}>Car designs</h3>
        <ul className={styles.ul}>
          <li>Car designs must be your own work, or shared with the creator's permission and credit.</li>
          <li>Names, descriptions and images must match the design and must not be offensive.</li>
        </ul>
        <h3 className={styles.h3}>Comments and ratings</h3>
        <ul className={styles.ul}>
          <li>Keep them honest and on topic, and rate only what you have tried.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'linking-and-framing',
    title: 'Linking and framing',
    body: (
      <ul className={styles.ul}>
        <li>
          You may link to any public page of the site, as long as the link is fair and does not suggest we endorse you.
        </li>
        <li>Do not frame the site, show its pages inside another site, or present its content as your own.</li>
        <li>Do not link directly to downloads in a way that skips the item's page, its description or its counters.</li>
        <li>We may ask you to remove a link that breaks these rules.</li>
      </ul>
    ),
  },
  {
    id: 'reporting',
    title: 'Reporting problems',
    body: (
      <p className={styles.p}>
        Use the report and feedback tools on the site, or write to <SupportEmailLink />, if you find something that
        breaks this policy. For a suspected malicious plugin, include its link and what you saw it do.
      </p>
    ),
  },
  {
    id: 'consequences',
    title: 'Consequences of a breach',
    body: (
      <>
        <p className={styles.p}>Depending on how serious a breach is, we may, without notice:</p>
        <ol className={styles.ol}>
          <li>warn you;</li>
          <li>remove or hide the content involved;</li>
          <li>suspend or permanently close your account;</li>
          <li>
            disclose information to law-enforcement or other authorities when the law requires it or someone is at risk;
          </li>
          <li>take legal action.</li>
        </ol>
      </>
    ),
  },
  {
    id: 'disputes',
    title: 'Governing law and disputes',
    body: (
      <p className={styles.p}>
        This policy is part of our <DocLink to="terms" /> and is governed by the laws of the {governingState}. Disputes
        about it are decided by the state or federal courts located in the {governingState}.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p className={styles.p}>
        We may update this policy as the site changes. Material changes are announced in the same way as changes to the
        Terms. How we handle personal data is covered by the <DocLink to="privacy" />.
      </p>
    ),
  },
];

export function AcceptableUsePolicyPage() {
  return (
    <LegalDocument
      doc="acceptableUse"
      intro={
        <p>
          This Acceptable Use Policy sets out what you may and may not do on this site, and what standards uploaded
          plugins and car designs must meet.
        </p>
      }
      sections={sections}
    />
  );
}

export default AcceptableUsePolicyPage;
