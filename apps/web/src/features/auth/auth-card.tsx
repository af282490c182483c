import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Card } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';

/**
 * The frame of every auth screen. The heading takes focus when it changes, so a screen
 * reader hears the new step (email step, success panels).
 */
/**
 * Pressing a link (such as 'Forgot?') with the pointer keeps focus where it is. Otherwise the field
 * being left validates on blur, its error line pushes the link down mid-click, and the click misses.
 * Keyboard users still leave fields with Tab and get the on-blur messages.
 */
function keepFocusOnLinkPress(e: MouseEvent) {
  if (e.button === 0 && (e.target as Element).closest('a[href]')) e.preventDefault();
}

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  focusTitle = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  focusTitle?: boolean;
}) {
  useDocumentTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle, title]);
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-12" onMouseDown={keepFocusOnLinkPress}>
      <div className="w-full max-w-md">
        <Card>
          <div className="mb-6 text-center">
            <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-white focus:outline-none">
              {title}
            </h1>
            {subtitle && <p className="mt-2 text-sm text-slate-400">{subtitle}</p>}
          </div>
          {children}
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-slate-400">{footer}</div>}
      </div>
    </div>
  );
}

export const linkClass = 'font-medium text-sky-400 hover:text-sky-300 underline-offset-2 hover:underline';
