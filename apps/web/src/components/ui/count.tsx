import { compactNumber, exactNumber } from '../../lib/format';

/**
 * The site's one way to show a count: compact per spec §9 ('41.7k', '4,892'), with the exact grouped
 * figure ('41,734') as its title so hovering shows the whole number.
 */
export function Count({ value, className }: { value: number; className?: string }) {
  return (
    <span title={exactNumber(value)} className={className}>
      {compactNumber(value)}
    </span>
  );
}
