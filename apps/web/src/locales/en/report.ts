/**
 * The report form every kind shares (components/report-dialog): a plugin's, a car's and a comment's
 * dialog bring only their title, details hint and reasons (their page's `report` group).
 */
export default {
  description: 'Tell the moderators what is wrong. They see your username with the report.',
  reason: 'Reason',
  details: 'Details',
  counter: '{length}/{max}',
  submit: 'Submit',
  sending: 'Sending...',
  cancel: 'Cancel',
  sent: 'Report sent. A moderator will look at it.',
  failed: 'Failed to send the report',
} as const;
