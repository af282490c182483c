export { cx, focusRing, inputClasses, popoverPanel } from './cx';
export { Button, ButtonLink, buttonClasses, type ButtonProps, type ButtonVariant } from './button';
export { Checkbox, PasswordField, TextAreaField, TextField } from './field';
export { Alert, Card, LoadingState, PageLoader, ProgressBar, Spinner } from './feedback';
export { Switch } from './switch';
export { Dialog, type DialogProps } from './dialog';
export { Avatar } from './avatar';
export { Time } from './time';
export { Count } from './count';
export { DataTable, dataTableClasses } from './data-table';
export { CONFIRM_TEXT, ConfirmDialog, type ConfirmOptions } from './confirm-dialog';
// The provider and the hook live in their own module, so that the page shell (which mounts the
// provider) does not carry the dialog: it loads with the first question.
export { ConfirmProvider, useConfirm } from './confirm-provider';
