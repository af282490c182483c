import { AUTH_MESSAGES } from '@bm/core';

/** Texts of the auth screens; the spec's verbatim ones come from @bm/core's AUTH_MESSAGES. */
export const LOGIN_TEXT = {
  title: 'Welcome Back',
  subtitle: 'Sign in to your account',
  username: 'Username',
  password: 'Password',
  rememberMe: 'Keep me signed in for 30 days',
  forgot: 'Forgot?',
  submit: 'Sign In',
  submitting: 'Signing In...',
  noAccount: "Don't have an account?",
  register: 'Create one',
  signedIn: AUTH_MESSAGES.signedIn,
  invalid: AUTH_MESSAGES.invalidCredentials,
  or: 'or',
  passkey: 'Sign in with a passkey',
  passkeyBusy: 'Waiting for your passkey...',
  passkeyFailed: 'Could not sign in with the passkey',
} as const;

export const EMAIL_STEP_TEXT = {
  titleRequired: 'Add Your Email',
  titleNotVerified: 'Verify Your Email',
  introRequired:
    'Your account has no email address yet. Add one to finish signing in: we will send you a verification link.',
  introNotVerified: 'Your email address is not verified yet. Check it below and we will send a new verification link.',
  email: 'Email address',
  emailRequired: 'Email is required',
  sendRequired: 'Send Verification Email',
  sendNotVerified: 'Update & Send Verification',
  sending: 'Sending...',
  sentTitle: 'Verification Email Sent',
  sent: (email: string) => `We sent a verification link to ${email}. Open it to verify your address, then sign in.`,
  resend: 'Resend Verification Email',
  resendIn: (countdown: string) => `Resend in ${countdown}`,
  resent: 'Verification email sent again.',
  backToLogin: 'Back to Login',
  setFailed: 'Failed to set email',
  sendFailed: 'Failed to send verification',
  resendFailed: 'Failed to resend verification',
} as const;

export const REGISTER_TEXT = {
  title: 'Create Your Account',
  subtitle: 'Join the community to share plugins and cars',
  username: 'Username',
  email: 'Email',
  password: 'Password',
  confirm: 'Confirm Password',
  strength: 'Password strength',
  termsPrefix: 'I agree to the',
  terms: 'Terms of Service',
  and: 'and',
  privacy: 'Privacy Policy',
  productUpdates: 'Send me occasional product update emails',
  submit: 'Create Account',
  submitting: 'Creating Account...',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  failed: AUTH_MESSAGES.registrationFailed,
} as const;

export const REGISTRATION_SUCCESS_TEXT = {
  title: 'Check Your Email',
  body: (email: string) =>
    email
      ? `We sent a verification link to ${email}. Open it to activate your account.`
      : 'We sent you a verification link. Open it to activate your account.',
  welcome: (username: string) => `Welcome aboard, ${username}!`,
  spam: "Can't find it? Check your spam or junk folder.",
  resend: 'Resend Verification Email',
  resent: 'Verification email sent again.',
  goToLogin: 'Go to Sign In',
} as const;

export const FORGOT_TEXT = {
  title: 'Forgot Password?',
  subtitle: "Enter your email and we'll send you a link to reset your password.",
  email: 'Email address',
  submit: 'Send Reset Link',
  submitting: 'Sending...',
  sentTitle: 'Check Your Email',
  sent: (email: string) => `If an account exists for ${email}, a password reset link is on its way.`,
  expires: 'Link expires in 24 hours',
  spam: "Don't see it? Check your spam folder.",
  resend: 'Resend Email',
  resendIn: (countdown: string) => `Resend in ${countdown}`,
  different: 'Try a Different Email',
  backToSignIn: 'Back to Sign In',
  failed: AUTH_MESSAGES.forgotFailed,
  resent: 'Reset email sent again.',
} as const;

export const RESET_TEXT = {
  title: 'Reset Password',
  subtitle: 'Choose a new password for your account.',
  invalidTitle: 'Invalid Reset Link',
  invalidBody: AUTH_MESSAGES.resetMissingToken,
  requestNew: 'Request New Reset Link',
  backToSignIn: 'Back to Sign In',
  newPassword: 'New Password',
  confirm: 'Confirm New Password',
  hint: 'Must be at least 6 characters long',
  submit: 'Update Password',
  submitting: 'Updating...',
  successTitle: 'Password Updated',
  successBody: 'Your password has been changed. You can now sign in with it.',
  signInNew: 'Sign In with New Password',
  failedTitle: 'Reset Failed',
  failed: AUTH_MESSAGES.resetFailed,
  toast: AUTH_MESSAGES.resetSuccess,
} as const;

export const VERIFY_TEXT = {
  title: 'Email Verification',
  verifying: 'Verifying your email...',
  noToken: AUTH_MESSAGES.verifyNoToken,
  failed: AUTH_MESSAGES.verifyFailed,
  success: AUTH_MESSAGES.verifySuccess,
  toast: AUTH_MESSAGES.verifyToast,
  successTitle: 'Email Verified',
  failedTitle: 'Verification Failed',
  goToDashboard: 'Go to Dashboard',
  backToLogin: 'Back to Login',
} as const;

export const VERIFY_CHANGE_TEXT = {
  title: 'Confirm Email Change',
  confirming: 'Confirming your new email address...',
  noToken: 'No confirmation token provided.',
  success: 'Your email address has been changed.',
  successTitle: 'Email Changed',
  failedTitle: 'Confirmation Failed',
  failed: AUTH_MESSAGES.emailChangeConfirmFailed,
  goToSettings: 'Go to Settings',
  goHome: 'Go Home',
} as const;

export const TWO_FACTOR_STEP_TEXT = {
  title: 'Two-Factor Authentication',
  introCode: 'Enter the 6-digit code from your authenticator app.',
  introRecovery: 'Enter one of the recovery codes you saved when you turned on two-factor.',
  code: 'Authentication code',
  recoveryCode: 'Recovery code',
  codeRequired: 'Enter the 6-digit code from your app',
  recoveryRequired: 'Enter a recovery code',
  submit: 'Verify',
  submitting: 'Verifying...',
  useRecovery: 'Use a recovery code instead',
  useCode: 'Use a code from your app instead',
  backToLogin: 'Back to Login',
  failed: 'Could not verify the code',
  passkey: 'Use a passkey instead',
  passkeyBusy: 'Waiting for your passkey...',
  passkeyFailed: 'Could not verify the passkey',
} as const;
