/** Words shared by every area of the app (lib/). */
export default {
  justNow: 'just now',
} as const;
