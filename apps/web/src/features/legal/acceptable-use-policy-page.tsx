import { LegalDocument, styles, useLegalText, type LegalSection } from './legal-document';
import { useLegalT } from './legal-text';

/** Each rule's topic and sentence: the topics the policy must cover in page order (LEGAL_TEXTS.aupRuleTopics, the catalogue's English), then harassment. */
const RULES = [
  ['aup.prohibited.rules.unlawful.topic', 'aup.prohibited.rules.unlawful.text'],
  ['aup.prohibited.rules.fraud.topic', 'aup.prohibited.rules.fraud.text'],
  ['aup.prohibited.rules.malware.topic', 'aup.prohibited.rules.malware.text'],
  ['aup.prohibited.rules.spam.topic', 'aup.prohibited.rules.spam.text'],
  ['aup.prohibited.rules.phishing.topic', 'aup.prohibited.rules.phishing.text'],
  ['aup.prohibited.rules.disruption.topic', 'aup.prohibited.rules.disruption.text'],
  ['aup.prohibited.rules.minors.topic', 'aup.prohibited.rules.minors.text'],
  ['aup.prohibited.rules.access.topic', 'aup.prohibited.rules.access.text'],
  ['aup.prohibited.rules.harassment.topic', 'aup.prohibited.rules.harassment.text'],
] as const;

export function AcceptableUsePolicyPage() {
  const t = useLegalT();
  const say = useLegalText();
  const sections: readonly LegalSection[] = [
    {
      id: 'purpose',
      title: t('aup.purpose.title'),
      body: <p className={styles.p}>{say('aup.purpose.body')}</p>,
    },
    {
      id: 'prohibited-uses',
      title: t('aup.prohibited.title'),
      body: (
        <ul className={styles.ul}>
          {RULES.map(([topic, text]) => (
            <li key={topic}>
              <strong className={styles.strong}>{t(topic)}.</strong> {say(text)}
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'submission-standards',
      title: t('aup.standards.title'),
      body: (
        <>
          <h3 className={styles.h3}>{t('aup.standards.plugins')}</h3>
          <ul className={styles.ul}>
            <li>{say('aup.standards.source')}</li>
            <li>{say('aup.standards.honest')}</li>
            <li>{say('aup.standards.cheats')}</li>
            <li>{say('aup.standards.ip')}</li>
          </ul>
          <h3 className={styles.h3}>{t('aup.standards.cars')}</h3>
          <ul className={styles.ul}>
            <li>{say('aup.standards.ownWork')}</li>
            <li>{say('aup.standards.match')}</li>
          </ul>
          <h3 className={styles.h3}>{t('aup.standards.comments')}</h3>
          <ul className={styles.ul}>
            <li>{say('aup.standards.onTopic')}</li>
          </ul>
        </>
      ),
    },
    {
      id: 'linking-and-framing',
      title: t('aup.linking.title'),
      body: (
        <ul className={styles.ul}>
          <li>{say('aup.linking.fair')}</li>
          <li>{say('aup.linking.frame')}</li>
          <li>{say('aup.linking.downloads')}</li>
          <li>{say('aup.linking.remove')}</li>
        </ul>
      ),
    },
    {
      id: 'reporting',
      title: t('aup.reporting.title'),
      body: <p className={styles.p}>{say('aup.reporting.body')}</p>,
    },
    {
      id: 'consequences',
      title: t('aup.consequences.title'),
      body: (
        <>
          <p className={styles.p}>{say('aup.consequences.intro')}</p>
          <ol className={styles.ol}>
            <li>{say('aup.consequences.warn')}</li>
            <li>{say('aup.consequences.remove')}</li>
            <li>{say('aup.consequences.suspend')}</li>
            <li>{say('aup.consequences.disclose')}</li>
            <li>{say('aup.consequences.legal')}</li>
          </ol>
        </>
      ),
    },
    {
      id: 'disputes',
      title: t('aup.disputes.title'),
      body: <p className={styles.p}>{say('aup.disputes.body')}</p>,
    },
    {
      id: 'changes',
      title: t('aup.changes.title'),
      body: <p className={styles.p}>{say('aup.changes.body')}</p>,
    },
  ];
  return <LegalDocument doc="acceptableUse" intro={<p>{t('aup.intro')}</p>} sections={sections} />;
}

export default AcceptableUsePolicyPage;
