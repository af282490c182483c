import { reportCommentRequest, reportPluginRequest, type CommentReportReason, type PluginReportReason } from '@bm/core';
import { ReportForm } from '../../../components/report-dialog';
import { pluginsApi } from '../api';
import { usePluginDetailT } from './detail-text';

/** The reasons a member picks from (core's PLUGIN_REPORT_REASONS and COMMENT_REPORT_REASONS, in their order). */
const PLUGIN_REASONS = {
  malware: 'report.pluginReasons.malware',
  broken: 'report.pluginReasons.broken',
  stolen: 'report.pluginReasons.stolen',
  inappropriate: 'report.pluginReasons.inappropriate',
  spam: 'report.pluginReasons.spam',
  other: 'report.pluginReasons.other',
} as const satisfies Record<PluginReportReason, string>;
const COMMENT_REASONS = {
  spam: 'report.commentReasons.spam',
  harassment: 'report.commentReasons.harassment',
  inappropriate: 'report.commentReasons.inappropriate',
  misleading: 'report.commentReasons.misleading',
  other: 'report.commentReasons.other',
} as const satisfies Record<CommentReportReason, string>;

type ReasonKey = (typeof PLUGIN_REASONS)[PluginReportReason] | (typeof COMMENT_REASONS)[CommentReportReason];

/** A kind's reasons in the reader's language. */
function useReasons<R extends string>(keys: Record<R, ReasonKey>): Record<R, string> {
  const t = usePluginDetailT();
  const named = {} as Record<R, string>;
  for (const r of Object.keys(keys) as R[]) {
    const key: ReasonKey = keys[r];
    named[r] = t(key);
  }
  return named;
}

/** A member reports someone else's plugin to the moderators: a reason, optional details (required for 'other'). */
export function ReportDialog({ pluginId, open, onClose }: { pluginId: number; open: boolean; onClose: () => void }) {
  const t = usePluginDetailT();
  const reasons = useReasons(PLUGIN_REASONS);
  return (
    <ReportForm
      open={open}
      onClose={onClose}
      reasons={reasons}
      schema={reportPluginRequest}
      send={(body) => pluginsApi.report(pluginId, body)}
      title={t('report.title')}
      detailsHint={t('report.detailsHint')}
    />
  );
}

/** A member reports someone else's comment. */
export function CommentReportDialog({
  commentId,
  open,
  onClose,
}: {
  commentId: number;
  open: boolean;
  onClose: () => void;
}) {
  const t = usePluginDetailT();
  const reasons = useReasons(COMMENT_REASONS);
  return (
    <ReportForm
      open={open}
      onClose={onClose}
      reasons={reasons}
      schema={reportCommentRequest}
      send={(body) => pluginsApi.reportComment(commentId, body)}
      title={t('report.commentTitle')}
      detailsHint={t('report.detailsHint')}
    />
  );
}
