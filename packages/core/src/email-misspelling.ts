/** Common mistypings of the large providers' domains, mapped to the domain meant. */
const MISSPELLINGS: Record<string, string> = {
  // Gmail
  'gmial.com': 'gmail.com',
  'gmai.com': 'gmail.com',
  'gmal.com': 'gmail.com',
  'gmaill.com': 'gmail.com',
  'gamil.com': 'gmail.com',
  'gnail.com': 'gmail.com',
  'gmail.co': 'gmail.com',
  'gmail.cm': 'gmail.com',
  'gmail.con': 'gmail.com',
  'gmail.om': 'gmail.com',
  'gmali.com': 'gmail.com',
  'gmaik.com': 'gmail.com',
  'gmsil.com': 'gmail.com',
  'gmail.comm': 'gmail.com',
  'gmail.cim': 'gmail.com',
  'gmail.vom': 'gmail.com',
  'gmail.xom': 'gmail.com',
  'gmail.net': 'gmail.com',
  'gmil.com': 'gmail.com',
  'googlemail.co': 'googlemail.com',
  // Outlook
  'outlok.com': 'outlook.com',
  'outllok.com': 'outlook.com',
  'outlook.co': 'outlook.com',
  'outlook.con': 'outlook.com',
  'outloo.com': 'outlook.com',
  'outlool.com': 'outlook.com',
  'otulook.com': 'outlook.com',
  'outlook.cm': 'outlook.com',
  'oulook.com': 'outlook.com',
  'outook.com': 'outlook.com',
  // Hotmail
  'hotmial.com': 'hotmail.com',
  'hotmai.com': 'hotmail.com',
  'hotmal.com': 'hotmail.com',
  'hotmil.com': 'hotmail.com',
  'hotamil.com': 'hotmail.com',
  'hotmail.co': 'hotmail.com',
  'hotmail.con': 'hotmail.com',
  'hotmail.cm': 'hotmail.com',
  'htomail.com': 'hotmail.com',
  'hotmaill.com': 'hotmail.com',
  'homail.com': 'hotmail.com',
  // Yahoo
  'yaho.com': 'yahoo.com',
  'yahooo.com': 'yahoo.com',
  'yahoo.co': 'yahoo.com',
  'yahoo.con': 'yahoo.com',
  'yhaoo.com': 'yahoo.com',
  'yhoo.com': 'yahoo.com',
  'yaoo.com': 'yahoo.com',
  'yahoo.cm': 'yahoo.com',
  'tahoo.com': 'yahoo.com',
  // iCloud
  'iclod.com': 'icloud.com',
  'icoud.com': 'icloud.com',
  'icloud.co': 'icloud.com',
  'icloud.con': 'icloud.com',
  'iclould.com': 'icloud.com',
  'icluod.com': 'icloud.com',
  'icloude.com': 'icloud.com',
  'icload.com': 'icloud.com',
  // Proton
  'protonmail.co': 'protonmail.com',
  'protonmial.com': 'protonmail.com',
  'protonmai.com': 'protonmail.com',
  'protonmal.com': 'protonmail.com',
  'protonmail.con': 'protonmail.com',
  'protnmail.com': 'protonmail.com',
  'proton.me.com': 'proton.me',
  'protonn.me': 'proton.me',
  'proton.m': 'proton.me',
  'porton.me': 'proton.me',
};

export interface MisspellingSuggestion {
  entered: string;
  suggested: string;
}

/** The suggestion for a likely mistyped domain, or null when the address looks fine. */
export function suggestEmailDomain(email: string): MisspellingSuggestion | null {
  const at = email.trim().lastIndexOf('@');
  if (at < 0) return null;
  const entered = email
    .trim()
    .slice(at + 1)
    .toLowerCase();
  const suggested = MISSPELLINGS[entered];
  return suggested ? { entered, suggested } : null;
}

export function applyEmailSuggestion(email: string, suggestion: MisspellingSuggestion): string {
  const trimmed = email.trim();
  return `${trimmed.slice(0, trimmed.lastIndexOf('@'))}@${suggestion.suggested}`;
}

export const MISSPELLING_WAIT_S = 3;
export const misspellingTexts = {
  didYouMean: (d: string) => `Did you mean @${d}?`,
  use: (d: string) => `Use @${d}`,
  youEntered: (d: string) => `You entered @${d}`,
  dismiss: "I'm sure it's correct",
  wait: (n: number) => `Wait ${n}s to proceed`,
};
