import { mailMatchesSearch, type MailMessage, type MailPage } from '@bm/core';

export interface ListView {
  page: number;
  pageSize: number;
  search: string;
  category?: string;
}

/**
 * MailReceived on the inbox list (§4): a message that is not hidden and matches the search (subject,
 * body or sender) and category goes at the top of page 1, the list trimmed to the page size.
 */
export function withReceived(list: MailPage, message: MailMessage, view: ListView): MailPage {
  if (message.isHidden || !mailMatchesSearch(message, view.search)) return list;
  if (view.category && message.category !== view.category) return list;
  if (list.items.some((m) => m.id === message.id)) return list;
  if (view.page !== 1) return { ...list, totalCount: list.totalCount + 1 };
  return { items: [message, ...list.items].slice(0, view.pageSize), totalCount: list.totalCount + 1 };
}

/** MailRead: the message shows as opened. */
export function withRead(list: MailPage, id: number): MailPage {
  if (!list.items.some((m) => m.id === id && m.status !== 'O')) return list;
  return { ...list, items: list.items.map((m) => (m.id === id ? { ...m, status: 'O' as const } : m)) };
}

/** MailHidden on the inbox, MailUnhidden on the hidden list: the message leaves the list. */
export function without(list: MailPage, id: number): MailPage {
  if (!list.items.some((m) => m.id === id)) return list;
  return { items: list.items.filter((m) => m.id !== id), totalCount: Math.max(0, list.totalCount - 1) };
}
