export { cx, focusRing, popoverPanel } from './cx';
export { Button, ButtonLink, buttonClasses, type ButtonProps, type ButtonVariant } from './button';
export { Checkbox, PasswordField, TextAreaField, TextField, inputClasses } from './field';
export { Alert, Card, LoadingState, PageLoader, ProgressBar, Spinner } from './feedback';
export { Switch } from './switch';
export { Dialog, type DialogProps } from './dialog';
export { Avatar } from './avatar';
