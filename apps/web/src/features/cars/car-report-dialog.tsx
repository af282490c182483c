import { CAR_REPORT_REASONS, REPORT_DETAILS_MAX, reportCarRequest } from '@bm/core';
import { ReportForm } from '../../components/report-dialog';
import { carsApi } from './api';

const TEXT = {
  title: 'Report this car',
  description: 'Tell the moderators what is wrong. They see your username with the report.',
  reason: 'Reason',
  details: 'Details',
  detailsHint: 'What is wrong with it? Links help the moderators.',
  counter: (n: number) => `${n}/${REPORT_DETAILS_MAX}`,
  submit: 'Submit',
  sending: 'Sending...',
  cancel: 'Cancel',
  sent: 'Report sent. A moderator will look at it.',
  failed: 'Failed to send the report',
};

/** A member reports someone else's car to the moderators (loaded when first opened). */
export function CarReportDialog({ carId, open, onClose }: { carId: number; open: boolean; onClose: () => void }) {
  return (
    <ReportForm
      open={open}
      onClose={onClose}
      reasons={CAR_REPORT_REASONS}
      schema={reportCarRequest}
      send={(body) => carsApi.report(carId, body)}
      texts={TEXT}
    />
  );
}
