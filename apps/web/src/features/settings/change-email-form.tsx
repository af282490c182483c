import { EMAIL_PATTERN } from '@bm/core';
import { useState } from 'react';
import { EmailSuggestionNotice, useEmailSuggestion } from '../../components/email-suggestion';
import { Alert, Button, PasswordField, TextField } from '../../components/ui';
import { useCurrentMember } from '../../lib/auth';
import { settingsApi } from './api';
import { SectionCard } from './section-card';
import { SETTINGS_EN, useSettingsMessage, useSettingsT } from './settings-text';
import { useSettingsSubmit } from './use-settings-submit';

const MESSAGES = SETTINGS_EN.messages;

/** The form's own checks, in English (core's texts; shown in the reader's language). */
export function changeEmailError(
  currentPassword: string,
  newEmail: string,
  repeat: string,
  warningOpen: boolean,
): string | null {
  if (!currentPassword || !newEmail.trim() || !repeat.trim()) return MESSAGES.allRequired;
  if (newEmail.trim().toLowerCase() !== repeat.trim().toLowerCase()) return MESSAGES.emailsMismatch;
  if (!EMAIL_PATTERN.test(newEmail.trim())) return MESSAGES.emailInvalid;
  if (warningOpen) return MESSAGES.emailWarning;
  return null;
}

export function ChangeEmailForm() {
  const t = useSettingsT();
  const say = useSettingsMessage();
  const member = useCurrentMember();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newEmail, setNewEmail] = useState('');
  const [repeat, setRepeat] = useState('');
  const suggestion = useEmailSuggestion(newEmail);
  const { busy, result, submit } = useSettingsSubmit(
    () => changeEmailError(currentPassword, newEmail, repeat, suggestion.blocking),
    async () => {
      await settingsApi.requestEmailChange(currentPassword, newEmail.trim());
      setCurrentPassword('');
      setNewEmail('');
      setRepeat('');
      return MESSAGES.emailChangeSent;
    },
    MESSAGES.emailChangeFailed,
  );

  return (
    <SectionCard
      title={t('email.heading')}
      intro={member?.email ? t('email.current', { email: member.email }) : t('email.none')}
    >
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <p className="text-xs text-slate-400">{t('email.note')}</p>
        <PasswordField
          label={t('email.password')}
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
        <TextField
          label={t('email.newEmail')}
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        <EmailSuggestionNotice state={suggestion} onApply={setNewEmail} />
        <TextField
          label={t('email.repeat')}
          type="email"
          autoComplete="email"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        {result && <Alert variant={result.ok ? 'success' : 'error'}>{say(result.text)}</Alert>}
        <Button type="submit" disabled={busy}>
          {busy ? t('email.submitting') : t('email.submit')}
        </Button>
      </form>
    </SectionCard>
  );
}
