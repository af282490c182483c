import type { FeedbackStatus } from '@bm/core';
import { cx, focusRing } from '../../components/ui';
import { FEEDBACK_STATUS_LABELS } from './constants';
import { Badge } from './shared';

const statusTone = { new: 'info', seen: 'muted', done: 'good' } as const;
export const feedbackLinkClass = cx(
  'rounded text-sky-300 underline-offset-2 hover:text-sky-200 hover:underline',
  focusRing,
);

export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  return <Badge tone={statusTone[status]}>{FEEDBACK_STATUS_LABELS[status]}</Badge>;
}
