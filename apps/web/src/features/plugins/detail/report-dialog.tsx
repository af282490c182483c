import { COMMENT_REPORT_REASONS, PLUGIN_REPORT_REASONS, reportCommentRequest, reportPluginRequest } from '@bm/core';
import { ReportForm } from '../../../components/report-dialog';
import { pluginsApi } from '../api';
import { REPORT_TEXT } from '../constants';

/** A member reports someone else's plugin to the moderators: a reason, optional details (required for 'other'). */
export function ReportDialog({ pluginId, open, onClose }: { pluginId: number; open: boolean; onClose: () => void }) {
  return (
    <ReportForm
      open={open}
      onClose={onClose}
      reasons={PLUGIN_REPORT_REASONS}
      schema={reportPluginRequest}
      send={(body) => pluginsApi.report(pluginId, body)}
      texts={REPORT_TEXT}
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
  return (
    <ReportForm
      open={open}
      onClose={onClose}
      reasons={COMMENT_REPORT_REASONS}
      schema={reportCommentRequest}
      send={(body) => pluginsApi.reportComment(commentId, body)}
      texts={{ ...REPORT_TEXT, title: 'Report this comment' }}
    />
  );
}
