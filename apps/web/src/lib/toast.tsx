import { TOAST_DEFAULT_MS } from '@bm/core';
import type { ReactNode } from 'react';
import type { toast as sonnerToast } from 'sonner';

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

type Sonner = typeof sonnerToast;

/*
 * sonner is loaded with the first toast, not with the first page: until the shell's toaster has
 * mounted (app/toaster.tsx) and handed over its toast function, calls wait here in order. Ids are
 * ours, so a caller gets its toast's id at once either way.
 */
let sonner: Sonner | null = null;
const waiting: Array<(s: Sonner) => void> = [];
const requestListeners = new Set<() => void>();
let requested = false;
let nextId = 0;

function withSonner(run: (s: Sonner) => void): void {
  if (sonner) {
    run(sonner);
    return;
  }
  waiting.push(run);
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
}

/** Whether any toast was asked for yet: the shell mounts the toaster from then on. */
export function toasterRequested(): boolean {
  return requested;
}

export function onToasterRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/** Called by the mounted toaster: waiting toasts show now, later ones at once. */
export function toasterReady(toastFn: Sonner): void {
  sonner = toastFn;
  for (const run of waiting.splice(0)) run(toastFn);
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
    (linkNode ?? undefined)
  );
  const toastId = id ?? `toast-${++nextId}`;
  const data = { duration, description, id: toastId };
  withSonner((s) => {
    if (variant === 'default') s(heading, data);
    else s[variant](heading, data);
  });
  return toastId;
}

/** The app's toasts (rendered by sonner's Toaster in the shell, bottom-right). */
export const toast = {
  show: (message: string, opts?: ToastOptions & { variant?: ToastVariant }) =>
    show(opts?.variant ?? 'default', message, opts),
  success: (message: string, opts?: ToastOptions) => show('success', message, opts),
  info: (message: string, opts?: ToastOptions) => show('info', message, opts),
  error: (message: string, opts?: ToastOptions) => show('error', message, opts),
  dismiss: (id: ToastId) => {
    if (requested) withSonner((s) => s.dismiss(id));
  },
  /** Close every toast. */
  clear: () => {
    if (requested) withSonner((s) => s.dismiss());
  },
};
