import { useLocation } from 'react-router';
import { loginPathFor } from '../lib/redirect';
import { ButtonLink, Dialog } from './ui';

export const JOIN_US_TEXT = {
  title: 'Join the Community',
  description: 'Create a free account to take part.',
  benefits: [
    'Rate and review plugins and cars',
    'Comment and vote on discussions',
    'Upload your own plugins and car designs',
    'Get your own profile and dashboard',
  ],
  createAccount: 'Create Account',
  signIn: 'Sign In',
} as const;

export interface JoinUsDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  description?: string;
  benefits?: readonly string[];
}

/** Shown to anonymous visitors who try something members do (rate, comment, vote...). */
export function JoinUsDialog({
  open,
  onClose,
  title = JOIN_US_TEXT.title,
  description = JOIN_US_TEXT.description,
  benefits = JOIN_US_TEXT.benefits,
}: JoinUsDialogProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <ul className="mb-6 space-y-2">
        {benefits.map((b) => (
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
          {JOIN_US_TEXT.createAccount}
        </ButtonLink>
        <ButtonLink to={loginPathFor(here)} variant="outline" className="flex-1" onClick={onClose}>
          {JOIN_US_TEXT.signIn}
        </ButtonLink>
      </div>
    </Dialog>
  );
}
