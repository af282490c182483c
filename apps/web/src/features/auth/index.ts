export { LoginPage } from './login-page';
export { RegisterPage } from './register-page';
export { RegistrationSuccessPage } from './registration-success-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { ResetPasswordPage } from './reset-password-page';
export { VerifyEmailPage } from './verify-email-page';
export { VerifyEmailChangePage } from './verify-email-change-page';
export { OAuthCompletePage } from './oauth-complete-page';
