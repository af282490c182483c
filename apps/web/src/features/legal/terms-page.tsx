import { LegalDocument, styles, useLegalText, type LegalSection } from './legal-document';
import { useLegalT } from './legal-text';

export function TermsPage() {
  const t = useLegalT();
  const say = useLegalText();
  const sections: readonly LegalSection[] = [
    {
      id: 'agreement',
      title: t('terms.agreement.title'),
      body: <p className={styles.p}>{say('terms.agreement.body')}</p>,
    },
    {
      id: 'accounts',
      title: t('terms.accounts.title'),
      body: (
        <ul className={styles.ul}>
          <li>{say('terms.accounts.age')}</li>
          <li>{say('terms.accounts.email')}</li>
          <li>{say('terms.accounts.password')}</li>
          <li>{say('terms.accounts.username')}</li>
          <li>{say('terms.accounts.close')}</li>
        </ul>
      ),
    },
    {
      id: 'plugins-and-cars',
      title: t('terms.plugins.title'),
      body: (
        <>
          <p className={styles.p}>{say('terms.plugins.body')}</p>
          <ul className={styles.ul}>
            <li>{say('terms.plugins.review')}</li>
            <li>{say('terms.plugins.risk')}</li>
            <li>{say('terms.plugins.publisher')}</li>
          </ul>
        </>
      ),
    },
    {
      id: 'your-content',
      title: t('terms.content.title'),
      body: (
        <>
          <p className={styles.p}>{say('terms.content.licence')}</p>
          <p className={styles.p}>{say('terms.content.promise')}</p>
        </>
      ),
    },
    {
      id: 'moderation',
      title: t('terms.moderation.title'),
      body: <p className={styles.p}>{say('terms.moderation.body')}</p>,
    },
    {
      id: 'ownership',
      title: t('terms.ownership.title'),
      body: <p className={styles.p}>{say('terms.ownership.body')}</p>,
    },
    {
      id: 'copyright',
      title: t('terms.copyright.title'),
      body: <p className={styles.p}>{say('terms.copyright.body')}</p>,
    },
    {
      id: 'ads-and-links',
      title: t('terms.ads.title'),
      body: <p className={styles.p}>{say('terms.ads.body')}</p>,
    },
    {
      id: 'disclaimers',
      title: t('terms.disclaimers.title'),
      body: (
        <>
          <p className={styles.p}>{say('terms.disclaimers.asIs')}</p>
          <p className={styles.p}>{say('terms.disclaimers.liability')}</p>
        </>
      ),
    },
    {
      id: 'ending',
      title: t('terms.ending.title'),
      body: <p className={styles.p}>{say('terms.ending.body')}</p>,
    },
    {
      id: 'changes',
      title: t('terms.changes.title'),
      body: <p className={styles.p}>{say('terms.changes.body')}</p>,
    },
    {
      id: 'law',
      title: t('terms.law.title'),
      body: <p className={styles.p}>{say('terms.law.body')}</p>,
    },
    {
      id: 'contact',
      title: t('terms.contact.title'),
      body: <p className={styles.p}>{say('terms.contact.body')}</p>,
    },
  ];
  return <LegalDocument doc="terms" intro={<p>{t('terms.intro')}</p>} sections={sections} />;
}

export default TermsPage;
