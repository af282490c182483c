import { type CapabilityId, type InspectionFlag, isCarActive, type ReportKind, submissionStatusName } from '@bm/core';
import { Fragment, createElement, type ReactNode } from 'react';
import { currentLocale, namespace, type Translate } from '../../lib/i18n';
import moderation from '../../locales/en/moderation';

/** The moderator area's texts, through the one i18n library (namespace `moderation`, docs/i18n.md). */
export const { useT: useModerationT, fixedT: moderationT } = namespace('moderation', moderation);
export const MODERATION_EN = moderation;

type T = Translate<'moderation'>;

/** Core's submission status names, by status letter (submissionStatusName). */
const STATUS_KEYS = {
  Queued: 'submissionStatus.q',
  Building: 'submissionStatus.b',
  Pending: 'submissionStatus.p',
  Approved: 'submissionStatus.a',
  Rejected: 'submissionStatus.r',
  Skipped: 'submissionStatus.s',
  Unknown: 'submissionStatus.unknown',
} as const;

/** A submission's status letter in words. */
export function statusText(t: T, status: string): string {
  return t(STATUS_KEYS[submissionStatusName(status)]);
}

/** A car's status in words (core's carStatusLabel). */
export function carStatusText(t: T, status: string): string {
  return isCarActive(status) ? t('cars.carStatus.active') : t('cars.carStatus.inactive');
}

const CAPABILITY_KEYS = {
  network: 'inspection.capabilities.network',
  launch: 'inspection.capabilities.launch',
  processMemory: 'inspection.capabilities.processMemory',
  inputHooks: 'inspection.capabilities.inputHooks',
  registry: 'inspection.capabilities.registry',
  dynamicCode: 'inspection.capabilities.dynamicCode',
  crypto: 'inspection.capabilities.crypto',
  packed: 'inspection.capabilities.packed',
} as const satisfies Record<CapabilityId, string>;

/** How a moderator reads an ability (core's CAPABILITY_LABELS); an unknown id as it came. */
export function capabilityText(t: T, id: string): string {
  const key = CAPABILITY_KEYS[id as CapabilityId];
  return key ? t(key) : id;
}

/** A flag to acknowledge as the moderator reads it (core's flagText). */
export function flagText(t: T, flag: InspectionFlag): string {
  if (flag.kind === 'newHost') return t('inspection.flagNewHost', { host: flag.value });
  const label = capabilityText(t, flag.value);
  return flag.kind === 'newCapability' ? t('inspection.flagNew', { ability: label }) : label;
}

/** Core's report reasons, by kind and reason (the server's English label is the fallback). */
const REASON_KEYS = {
  plugin: {
    malware: 'reasons.plugin.malware',
    broken: 'reasons.plugin.broken',
    stolen: 'reasons.plugin.stolen',
    inappropriate: 'reasons.plugin.inappropriate',
    spam: 'reasons.plugin.spam',
    other: 'reasons.plugin.other',
  },
  car: {
    inappropriate: 'reasons.car.inappropriate',
    stolen: 'reasons.car.stolen',
    broken: 'reasons.car.broken',
    spam: 'reasons.car.spam',
    other: 'reasons.car.other',
  },
  comment: {
    spam: 'reasons.comment.spam',
    harassment: 'reasons.comment.harassment',
    inappropriate: 'reasons.comment.inappropriate',
    misleading: 'reasons.comment.misleading',
    other: 'reasons.comment.other',
  },
} as const;

export function reasonText(t: T, kind: ReportKind, reason: string, label: string): string {
  const key = (REASON_KEYS[kind] as Record<string, Parameters<T>[0] | undefined>)[reason];
  return key ? t(key) : label;
}

/** The actions a submission's history records; any other as the server wrote it. */
const AUDIT_KEYS: Record<string, Parameters<T>[0] | undefined> = {
  claim: 'audit.actions.claim',
  takeover: 'audit.actions.takeover',
  approve: 'audit.actions.approve',
  reject: 'audit.actions.reject',
  hide: 'audit.actions.hide',
};

export function auditActionText(t: T, action: string): string {
  const key = AUDIT_KEYS[action];
  return key ? t(key) : action;
}

/** Core's messages these screens show (their own checks, the server's answers), by key. */
const MESSAGE_KEYS = [
  'messages.notReviewable',
  'messages.denyNoteRequired',
  'messages.denyNoteShort',
  'messages.denyNoteLong',
  'messages.approvalNoteLong',
  'messages.carNotFound',
  'messages.commentNotFound',
  'messages.noteLong',
  'review.notFound',
  'files.needsBinary',
  'files.binaryTooLarge',
  'files.debugTooLarge',
] as const;

let byEnglish: Map<string, (typeof MESSAGE_KEYS)[number]> | null = null;
function englishIndex() {
  const index = new Map<string, (typeof MESSAGE_KEYS)[number]>();
  for (const key of MESSAGE_KEYS) {
    const [group, name] = key.split('.') as [keyof typeof moderation, string];
    index.set((moderation[group] as Record<string, string>)[name]!, key);
  }
  return index;
}

/**
 * A message kept in English (a core rule's or the server's answer) in the reader's language when the
 * catalogue knows it; any other text as it came.
 */
export function moderationMessage(t: T, text: string): string {
  const key = (byEnglish ??= englishIndex()).get(text);
  return key ? t(key) : text;
}

/**
 * A sentence with an element in it ('Their hold ends {time}.' around a <time>): the translated text
 * split at the placeholder, the node put in its place.
 */
export function withNode(text: (marker: string) => string, node: ReactNode): ReactNode {
  const marker = '\u0000';
  const [before, after = ''] = text(marker).split(marker);
  return createElement(Fragment, null, before, node, after);
}

const decimalFormats = new Map<string, Intl.NumberFormat>();
/** A figure with two decimals as the reader's language writes it ('7.91', '7,91'); English keeps toFixed. */
export function formatDecimal(n: number): string {
  const locale = currentLocale();
  if (locale === 'en') return n.toFixed(2);
  let format = decimalFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    decimalFormats.set(locale, format);
  }
  return format.format(n);
}
