/** The texts of 'Notify me' on coming-soon pages. */
export const NOTIFY_TEXT = {
  notifyMe: 'Notify me',
  subscribed: 'Subscribed - Unsubscribe',
  subscribedToast: "We'll let you know when it launches.",
  failed: 'Something went wrong. Please try again.',
  joinTitle: 'Get notified',
  joinDescription: 'Create a free account to hear when this launches.',
} as const;
