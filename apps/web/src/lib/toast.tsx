import { TOAST_DEFAULT_MS } from '@bm/core';
import type { ReactNode } from 'react';
import { toast as sonner } from 'sonner';

export type ToastVariant = 'default' | 'success' | 'info' | 'error';
export type ToastId = string | number;

export const DEFAULT_LINK_TEXT = 'Learn more';

export interface ToastOptions {
  title?: string;
  /** Milliseconds before it closes by itself (default 4000). */
  duration?: number;
  linkHref?: string;
  linkText?: string;
  /** Reuse an id to replace a toast instead of stacking a new one. */
  id?: ToastId;
}

function link(href: string, text: string): ReactNode {
  return (
    <a href={href} className="font-medium text-sky-300 underline underline-offset-2 hover:text-sky-200">
      {text}
    </a>
  );
}

function show(variant: ToastVariant, message: string, opts: ToastOptions = {}): ToastId {
  const { title, duration = TOAST_DEFAULT_MS, linkHref, linkText = DEFAULT_LINK_TEXT, id } = opts;
  const linkNode = linkHref ? link(linkHref, linkText) : null;
  // With a title, the title heads the toast and the message sits under it.
  const heading: ReactNode = title ?? message;
  const description: ReactNode = title ? (
    <span className="flex flex-col gap-1">
      <span>{message}</span>
      {linkNode}
    </span>
  ) : (
    linkNode ?? undefined
  );
  const data = { duration, description, ...(id !== undefined ? { id } : {}) };
  switch (variant) {
    case 'success':
      return sonner.success(heading, data);
    case 'info':
      return sonner.info(heading, data);
    case 'error':
      return sonner.error(heading, data);
    default:
      return sonner(heading, data);
  }
}

/** The app's toasts (rendered by sonner's Toaster in the shell, bottom-right). */
export const toast = {
  show: (message: string, opts?: ToastOptions & { variant?: ToastVariant }) =>
    show(opts?.variant ?? 'default', message, opts),
  success: (message: string, opts?: ToastOptions) => show('success', message, opts),
  info: (message: string, opts?: ToastOptions) => show('info', message, opts),
  error: (message: string, opts?: ToastOptions) => show('error', message, opts),
  dismiss: (id: ToastId) => {
    sonner.dismiss(id);
  },
  /** Close every toast. */
  clear: () => {
    sonner.dismiss();
  },
};
