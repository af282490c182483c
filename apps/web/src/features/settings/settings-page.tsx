import { Navigate, useParams } from 'react-router';
import { SectionLayout } from '../../components/section-layout';
import { ButtonLink } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useConfig } from '../../lib/config';
import { richText } from '../../lib/i18n/rich';
import { AvatarSettings } from './avatar-settings';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { LanguageSettings } from './language-settings';
import { SETTINGS_SECTIONS, type SettingsSection } from './constants';
import { LinkedAccounts } from './linked-accounts';
import { NotificationSettings } from './notification-settings';
import { PublishTokens } from './publish-tokens';
import { PasskeysSettings } from './passkeys-settings';
import { SessionsList } from './sessions-list';
import { SECTION_KEYS, useSettingsT } from './settings-text';
import { TwoFactorSettings } from './two-factor-settings';

function SupportLine() {
  const t = useSettingsT();
  const { supportEmail } = useConfig();
  if (!supportEmail) return null;
  return (
    <p className="text-sm text-slate-400">
      <span className="font-medium text-slate-300">{t('support.heading')}</span>{' '}
      {richText((v) => t('support.body', v), {
        email: (
          <a href={`mailto:${supportEmail}`} className="text-sky-400 underline underline-offset-2 hover:text-sky-300">
            {supportEmail}
          </a>
        ),
      })}
    </p>
  );
}

function isSection(value: string | undefined): value is SettingsSection {
  return (SETTINGS_SECTIONS as readonly string[]).includes(value ?? '');
}

/** /account/settings/{section}: an unknown or missing section opens Account. */
export function SettingsPage() {
  const t = useSettingsT();
  const { section } = useParams();
  useDocumentTitle(t('page.title'));
  if (!isSection(section)) return <Navigate to="/account/settings/account" replace />;
  return (
    <SectionLayout
      title={t('page.title')}
      navLabel={t('page.navLabel')}
      links={SETTINGS_SECTIONS.map((s) => ({ to: `/account/settings/${s}`, label: t(SECTION_KEYS[s]) }))}
      actions={
        <ButtonLink to="/dashboard" variant="outline" size="sm">
          {t('page.back')}
        </ButtonLink>
      }
    >
      <div className="space-y-6">
        {section === 'account' && (
          <>
            <AvatarSettings />
            <ChangeEmailForm />
            <LanguageSettings />
            <SupportLine />
          </>
        )}
        {section === 'security' && (
          <>
            <ChangePasswordForm />
            <TwoFactorSettings />
            <PasskeysSettings />
            <LinkedAccounts />
            <SessionsList />
          </>
        )}
        {section === 'notifications' && <NotificationSettings />}
        {section === 'tokens' && <PublishTokens />}
      </div>
    </SectionLayout>
  );
}
