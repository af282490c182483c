// The parts of the `openid` package (OpenID 2.0, used for Steam) this server calls; it ships no types.
declare module 'openid' {
  export interface AssertionResult {
    authenticated: boolean;
    claimedIdentifier?: string;
  }
  export class RelyingParty {
    constructor(returnUrl: string, realm: string | null, stateless: boolean, strict: boolean, extensions: unknown[]);
    authenticate(
      identifier: string,
      immediate: boolean,
      callback: (err: unknown, authUrl: string | null) => void,
    ): void;
    verifyAssertion(requestOrUrl: string, callback: (err: unknown, result?: AssertionResult) => void): void;
  }
  const openid: { RelyingParty: typeof RelyingParty };
  export default openid;
}
