import { LegalDocument, styles, useLegalText, type LegalSection } from './legal-document';
import { richText } from '../../lib/i18n/rich';
import { useLegalT } from './legal-text';

const NOTIFICATION_SETTINGS = '/account/settings/notifications';

export function PrivacyPolicyPage() {
  const t = useLegalT();
  const say = useLegalText();
  const sections: readonly LegalSection[] = [
    {
      id: 'what-we-store',
      title: t('privacy.store.title'),
      body: (
        <>
          <h3 className={styles.h3}>{t('privacy.store.account')}</h3>
          <ul className={styles.ul}>
            <li>{say('privacy.store.username')}</li>
            <li>{say('privacy.store.password')}</li>
            <li>{say('privacy.store.avatar')}</li>
            <li>{say('privacy.store.notifications')}</li>
          </ul>
          <h3 className={styles.h3}>{t('privacy.store.published')}</h3>
          <ul className={styles.ul}>
            <li>{say('privacy.store.plugins')}</li>
            <li>{say('privacy.store.cars')}</li>
            <li>{say('privacy.store.feedback')}</li>
          </ul>
          <h3 className={styles.h3}>{t('privacy.store.technical')}</h3>
          <ul className={styles.ul}>
            <li>{say('privacy.store.visitorIds')}</li>
            <li>{say('privacy.store.token')}</li>
            <li>{say('privacy.store.logs')}</li>
            <li>{say('privacy.store.errors')}</li>
            <li>{say('privacy.store.botCheck')}</li>
          </ul>
        </>
      ),
    },
    {
      id: 'ads-and-cookies',
      title: t('privacy.ads.title'),
      body: <p className={styles.p}>{say('privacy.ads.body')}</p>,
    },
    {
      id: 'how-we-use-it',
      title: t('privacy.use.title'),
      body: (
        <ul className={styles.ul}>
          <li>{say('privacy.use.account')}</li>
          <li>{say('privacy.use.review')}</li>
          <li>{say('privacy.use.emails')}</li>
          <li>{say('privacy.use.counters')}</li>
        </ul>
      ),
    },
    {
      id: 'emails',
      title: t('privacy.emails.title'),
      body: (
        <p className={styles.p}>
          {richText((v) => t('privacy.emails.body', v), {
            settings: (
              <a className={styles.link} href={NOTIFICATION_SETTINGS}>
                {t('privacy.emails.settings')}
              </a>
            ),
          })}
        </p>
      ),
    },
    {
      id: 'sharing',
      title: t('privacy.sharing.title'),
      body: (
        <>
          <p className={styles.p}>{say('privacy.sharing.intro')}</p>
          <ul className={styles.ul}>
            <li>{say('privacy.sharing.providers')}</li>
            <li>{say('privacy.sharing.adNetwork')}</li>
            <li>{say('privacy.sharing.authorities')}</li>
          </ul>
          <p className={styles.p}>{say('privacy.sharing.transfers')}</p>
        </>
      ),
    },
    {
      id: 'retention',
      title: t('privacy.retention.title'),
      body: (
        <ul className={styles.ul}>
          <li>{say('privacy.retention.account')}</li>
          <li>{say('privacy.retention.content')}</li>
          <li>{say('privacy.retention.visitorIds')}</li>
          <li>{say('privacy.retention.logs')}</li>
          <li>{say('privacy.retention.backups')}</li>
          <li>{say('privacy.retention.longer')}</li>
        </ul>
      ),
    },
    {
      id: 'your-rights',
      title: t('privacy.rights.title'),
      body: (
        <>
          <ul className={styles.ul}>
            <li>{say('privacy.rights.access')}</li>
            <li>{say('privacy.rights.correction')}</li>
            <li>{say('privacy.rights.deletion')}</li>
            <li>{say('privacy.rights.objection')}</li>
          </ul>
          <p className={styles.p}>{say('privacy.rights.how')}</p>
        </>
      ),
    },
    {
      id: 'children',
      title: t('privacy.children.title'),
      body: <p className={styles.p}>{say('privacy.children.body')}</p>,
    },
    {
      id: 'security',
      title: t('privacy.security.title'),
      body: <p className={styles.p}>{say('privacy.security.body')}</p>,
    },
    {
      id: 'changes',
      title: t('privacy.changes.title'),
      body: <p className={styles.p}>{say('privacy.changes.body')}</p>,
    },
    {
      id: 'contact',
      title: t('privacy.contact.title'),
      body: <p className={styles.p}>{say('privacy.contact.body')}</p>,
    },
  ];
  return <LegalDocument doc="privacy" intro={<p>{t('privacy.intro')}</p>} sections={sections} />;
}

export default PrivacyPolicyPage;
