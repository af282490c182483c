import { formatDateTime, relativeTime } from '../../lib/format';
import { useNow } from '../../lib/now';

/**
 * The site's one way to show a moment: relative words ('3 days ago') in a <time> element whose
 * dateTime is the machine value and whose title is the exact local date and time (shown on hover).
 * The words follow the shared clock (lib/now), so they stay true while a page stays open.
 * Renders nothing for an empty or unreadable value.
 */
export function Time({ value, className }: { value: string | number | Date | null | undefined; className?: string }) {
  const now = useNow();
  const exact = formatDateTime(value);
  if (!exact) return null;
  const iso = new Date(value as string | number | Date).toISOString();
  return (
    <time dateTime={iso} title={exact} className={className}>
      {relativeTime(value, now)}
    </time>
  );
}
