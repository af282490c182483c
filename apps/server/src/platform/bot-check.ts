/** The bot check behind an interface: Turnstile when a secret is configured, otherwise off. */
export interface BotCheck {
  readonly enabled: boolean;
  verify(token: string | null | undefined, ip: string): Promise<boolean>;
}

export const disabledBotCheck: BotCheck = { enabled: false, verify: async () => true };

export function turnstileBotCheck(secretKey: string, fetchImpl: typeof fetch = fetch): BotCheck {
  return {
    enabled: true,
    async verify(token, ip) {
      if (!token) return false;
      try {
        const res = await fetchImpl('https://challenges.cloudflare.com/turnstile/v0/siteverify', {
          method: 'POST',
          body: new URLSearchParams({ secret: secretKey, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { success?: boolean };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}
