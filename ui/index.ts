/** The widgets panel, admin and the board share (see docs/panel.md "ui/"). */
export { useObservable, useSubject } from './hooks';
export { ActionDialog, type ActionDialogProps } from './action-dialog';
export { Alert, type AlertType } from './alert';
export { auth, decodeClaims, randomUid, session$, useClaims, useSession, type Claims, type Session, type TokenPair } from './auth';
export { Button, type ButtonProps, type ButtonVariant } from './button';
export { Checkbox, Switch, type CheckboxProps } from './checkbox';
export { confirm, ConfirmDialog, ConfirmHost, type ConfirmDialogProps, type ConfirmOptions } from './confirm';
export { COPIED_TEXT, COPY_REVERT_MS, CopyButton, MANUAL_COPY_TEXT, type CopyButtonProps } from './copy-button';
export { FeedbackDialog } from './feedback-dialog';
export { Figures, type Figure } from './figures';
export { errorList, Field, FieldShell, FieldTip, SelectField, TextAreaField, type FieldError, type Option } from './field';
export { Form, splitErrors, useForm, type CheckboxBinding, type FieldBinding, type FormApi, type UseFormOptions } from './form';
export {
  busy$,
  configureHttp,
  errorText,
  http,
  HttpError,
  inFlight$,
  refreshTokens,
  reportFailure,
  request,
  setApiBase,
  type ErrorEnvelope,
  type FieldErrors,
  type HttpHooks,
  type Query,
  type RequestOptions,
} from './http';
export { GoogleLogo, Icon, Logo, type IconName } from './icons';
export { MenuButton, type MenuItem } from './menu';
export { menuButtonKeys, menuItems, useMenuKeys, type MenuKeysOptions } from './use-menu-keys';
export { MESSAGES } from './messages';
export { Modal, MODAL_WIDTH, type ModalProps } from './modal';
export {
  LOAD_MORE_FROM,
  NotificationBell,
  type FeedItem,
  type FeedPage,
  type NotificationBellProps,
  type NotificationSource,
} from './notification-bell';
export { UiRoot } from './root';
export { loadStylesheet } from './stylesheet';
export { BusyIndicator, Spinner, useBusy } from './spinner';
export { ensureUiStyles, injectStyles, UI_CSS, useUiStyles } from './styles';
export {
  toast,
  Toaster,
  toasts$,
  TOAST_LIMIT,
  TOAST_TIMEOUT_MS,
  useToasts,
  type Toast,
  type ToastAction,
  type ToastOptions,
  type ToastType,
} from './toast';
export * from './grid';
export {
  BYTE_UNITS,
  formatBytes,
  formatDate,
  formatDateTime,
  formatIsoDate,
  formatRelative,
  toDate,
  type DateFormatOptions,
  type DateInput,
} from './format';
