import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { getAuthState, statusOf, whenAuthSettled, type AuthState } from '../lib/auth';
import { loginPathFor } from '../lib/redirect';
import { COMMON_EN, useCommonT } from '../lib/i18n/common';
import { ButtonLink, Dialog } from './ui';

const EN = COMMON_EN.joinUs;
/** The dialog's English, for tests (shown through the common namespace). */
export const JOIN_US_TEXT = {
  title: EN.title,
  description: EN.description,
  benefits: [EN.benefitRate, EN.benefitComment, EN.benefitUpload, EN.benefitProfile],
  createAccount: EN.createAccount,
  signIn: EN.signIn,
} as const;

export interface JoinUsDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  description?: string;
  benefits?: readonly string[];
}

/**
 * The join prompt of a page with member actions. A control calls `askToJoin(then)` when the viewer is
 * not known as a member. In the first moments of a visit a stored session may still be being checked:
 * the prompt waits for the check, then does `then` for a member (who must not be asked to join) and
 * opens the dialog for anyone else.
 */
export function useJoinPrompt() {
  const [joinOpen, setJoinOpen] = useState(false);
  const askToJoin = useCallback((then?: () => void) => {
    const decide = (settled: AuthState) => {
      if (statusOf(settled) === 'authenticated') then?.();
      else setJoinOpen(true);
    };
    const now = getAuthState();
    if (now.initialised) decide(now);
    else void whenAuthSettled().then(decide);
  }, []);
  const closeJoin = useCallback(() => setJoinOpen(false), []);
  return { joinOpen, closeJoin, askToJoin };
}

/** Shown to anonymous visitors who try something members do (rate, comment, vote...). */
export function JoinUsDialog({ open, onClose, title, description, benefits }: JoinUsDialogProps) {
  const t = useCommonT();
  const shownBenefits = benefits ?? [
    t('joinUs.benefitRate'),
    t('joinUs.benefitComment'),
    t('joinUs.benefitUpload'),
    t('joinUs.benefitProfile'),
  ];
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title ?? t('joinUs.title')}
      description={description ?? t('joinUs.description')}
    >
      <ul className="mb-6 space-y-2">
        {shownBenefits.map((b) => (
          <li key={b} className="flex items-start gap-2 text-sm text-slate-200">
            <span aria-hidden="true" className="mt-0.5 text-emerald-400">
              ✓
            </span>
            {b}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        <ButtonLink to="/register" className="flex-1" onClick={onClose}>
          {t('joinUs.createAccount')}
        </ButtonLink>
        <ButtonLink to={loginPathFor(here)} variant="outline" className="flex-1" onClick={onClose}>
          {t('joinUs.signIn')}
        </ButtonLink>
      </div>
    </Dialog>
  );
}
