import { reportCarRequest, type CarReportReason } from '@bm/core';
import { ReportForm } from '../../components/report-dialog';
import { carsApi } from './api';
import { useCarsT } from './cars-text';

/** The reasons a member picks from (core's CAR_REPORT_REASONS, in their order). */
const REASONS = {
  inappropriate: 'report.reasons.inappropriate',
  stolen: 'report.reasons.stolen',
  broken: 'report.reasons.broken',
  spam: 'report.reasons.spam',
  other: 'report.reasons.other',
} as const satisfies Record<CarReportReason, string>;

/** A member reports someone else's car to the moderators (loaded when first opened). */
export function CarReportDialog({ carId, open, onClose }: { carId: number; open: boolean; onClose: () => void }) {
  const t = useCarsT();
  const reasons = {} as Record<CarReportReason, string>;
  for (const reason of Object.keys(REASONS) as CarReportReason[]) reasons[reason] = t(REASONS[reason]);
  return (
    <ReportForm
      open={open}
      onClose={onClose}
      reasons={reasons}
      schema={reportCarRequest}
      send={(body) => carsApi.report(carId, body)}
      title={t('report.title')}
      detailsHint={t('report.detailsHint')}
    />
  );
}
