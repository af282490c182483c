import { useId, type ReactNode } from 'react';

/**
 * A section (or an aside) named by its own heading, an h2 tied to it by an id of its own: the boxes
 * of a plugin's, a car's and a member's page. `className` is the box's look, `headingClassName` the
 * heading's.
 */
export function TitledSection({
  title,
  as: Tag = 'section',
  className,
  headingClassName,
  testId,
  children,
}: {
  title: ReactNode;
  as?: 'section' | 'aside';
  className: string;
  headingClassName: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Tag aria-labelledby={id} className={className} data-testid={testId}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
