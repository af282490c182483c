import type { FastifyRequest } from 'fastify';
import type { AuthResponse, AuthenticationCredential, LoginResponse, Member, RegistrationCredential } from '@bm/core';
import type { AppContext, Principal } from '../../context.js';
import * as credentials from './credentials.js';
import * as emailChange from './email-change.js';
import * as emailLinks from './email-links.js';
import { memberRow, toMember } from './members.js';
import { isPublishToken, principalFromPublishToken } from './publish-tokens.js';
import * as passkeys from './passkeys.js';
import * as sessionList from './session-list.js';
import * as sessions from './sessions.js';
import type { ClientInfo } from './sessions.js';
import * as twoFactor from './two-factor.js';

/**
 * The auth module's one entry for routes and the rest of the app. The work is done in its parts:
 * credentials.ts (accounts, passwords, sign-in), sessions.ts (session tokens, refresh, impersonation),
 * email-links.ts (verification and reset links), email-change.ts, two-factor.ts, passkeys.ts.
 */
export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  /** A session's caller; a publish token is never a session (the real-time hub, /auth/validate). */
  principalFromToken(token: string): Promise<Principal | null> {
    if (isPublishToken(token)) return Promise.resolve(null);
    return sessions.principalFromToken(this.ctx, token);
  }

  /**
   * The caller behind any bearer on this request: a publish token only where the route names its
   * scope (401/403/429 otherwise, publish-tokens.ts), else a session (null when not valid).
   */
  principalFromBearer(req: FastifyRequest, token: string): Promise<Principal | null> {
    if (isPublishToken(token)) return principalFromPublishToken(this.ctx, req, token);
    return sessions.principalFromToken(this.ctx, token);
  }

  liveSessions(ids: string[]): Promise<Map<string, string[]>> {
    return sessions.liveSessions(this.ctx, ids);
  }

  register(input: { username: string; email: string; password: string; productUpdatesOptIn: boolean }) {
    return credentials.register(this.ctx, input);
  }

  login(
    input: { username: string; password: string; rememberMe: boolean },
    client?: ClientInfo,
  ): Promise<LoginResponse> {
    return credentials.login(this.ctx, input, client);
  }

  twoFactorStatus(principal: Principal) {
    return twoFactor.twoFactorStatus(this.ctx, principal);
  }

  setupTotp(principal: Principal) {
    return twoFactor.setupTotp(this.ctx, principal);
  }

  enableTotp(principal: Principal, code: string) {
    return twoFactor.enableTotp(this.ctx, principal, code);
  }

  disableTotp(principal: Principal, password: string, code: string) {
    return twoFactor.disableTotp(this.ctx, principal, password, code);
  }

  verifyTwoFactor(
    input: { challenge: string; code?: string; recoveryCode?: string; passkey?: AuthenticationCredential },
    client: ClientInfo,
  ) {
    return twoFactor.verifyChallenge(this.ctx, input, client);
  }

  listPasskeys(principal: Principal) {
    return passkeys.listPasskeys(this.ctx, principal);
  }

  passkeyRegistrationOptions(principal: Principal) {
    return passkeys.registrationOptions(this.ctx, principal);
  }

  addPasskey(principal: Principal, response: RegistrationCredential, name?: string) {
    return passkeys.addPasskey(this.ctx, principal, response, name);
  }

  renamePasskey(principal: Principal, id: number, name: string) {
    return passkeys.renamePasskey(this.ctx, principal, id, name);
  }

  removePasskey(principal: Principal, id: number) {
    return passkeys.removePasskey(this.ctx, principal, id);
  }

  passkeyLoginOptions() {
    return passkeys.loginOptions(this.ctx);
  }

  passkeyOwner(credentialId: string) {
    return passkeys.passkeyOwner(this.ctx.db, credentialId);
  }

  signInWithPasskey(input: { response: AuthenticationCredential; rememberMe: boolean }, client: ClientInfo) {
    return passkeys.signInWithPasskey(this.ctx, input, client);
  }

  logout(principal: Principal) {
    return sessions.logout(this.ctx, principal);
  }

  async me(principal: Principal): Promise<Member> {
    return toMember(await memberRow(this.ctx, principal.memberId), this.ctx, principal.impersonating);
  }

  async validate(token: string) {
    return (await this.principalFromToken(token)) !== null;
  }

  refresh(token: string): Promise<AuthResponse> {
    return sessions.refresh(this.ctx, token);
  }

  verifyEmail(token: string): Promise<AuthResponse> {
    return emailLinks.verifyEmail(this.ctx, token);
  }

  provideEmail(input: { username: string; password: string; email: string }) {
    return emailLinks.provideEmail(this.ctx, input);
  }

  resendVerification(input: { email?: string; username?: string }) {
    return emailLinks.resendVerification(this.ctx, input);
  }

  forgotPassword(email: string) {
    return emailLinks.forgotPassword(this.ctx, email);
  }

  resetPassword(token: string, newPassword: string) {
    return emailLinks.resetPassword(this.ctx, token, newPassword);
  }

  changePassword(principal: Principal, currentPassword: string, newPassword: string) {
    return credentials.changePassword(this.ctx, principal, currentPassword, newPassword);
  }

  requestEmailChange(principal: Principal, currentPassword: string, newEmail: string) {
    return emailChange.requestEmailChange(this.ctx, principal, currentPassword, newEmail);
  }

  confirmEmailChange(token: string) {
    return emailChange.confirmEmailChange(this.ctx, token);
  }

  impersonate(principal: Principal, targetId: number): Promise<AuthResponse> {
    return sessions.impersonate(this.ctx, principal, targetId);
  }

  stopImpersonation(principal: Principal) {
    return sessions.stopImpersonation(this.ctx, principal);
  }

  listSessions(principal: Principal) {
    return sessionList.listSessions(this.ctx, principal);
  }

  endSession(principal: Principal, id: string) {
    return sessionList.endSession(this.ctx, principal, id);
  }

  endOtherSessions(principal: Principal) {
    return sessionList.endOtherSessions(this.ctx, principal);
  }

  /** The roles the member holds, staff roles held back by REQUIRE_STAFF_2FA included (the site then shows why they fail). */
  roles(principal: Principal) {
    return [...principal.roles, ...(principal.withheldRoles ?? [])].sort();
  }
}
