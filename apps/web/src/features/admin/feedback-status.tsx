import type { FeedbackStatus } from '@bm/core';
import { cx, focusRing } from '../../components/ui';
import { FEEDBACK_STATUS_KEYS, useAdminT } from './admin-text';
import { Badge } from './shared';

const statusTone = { new: 'info', seen: 'muted', done: 'good' } as const;
export const feedbackLinkClass = cx(
  'rounded text-sky-300 underline-offset-2 hover:text-sky-200 hover:underline',
  focusRing,
);

export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  const t = useAdminT();
  return <Badge tone={statusTone[status]}>{t(FEEDBACK_STATUS_KEYS[status])}</Badge>;
}
