// The sign-in dialog, for any feature: openSignInDialog('board-edit') when a guest tries to edit, etc.
export {
  openSignInDialog,
  closeSignInDialog,
  useSignInDialog,
  signInDialogStore,
} from './sign-in-dialog-store.js';
export { SIGN_IN_REASONS, dialogContent, isSignInReason } from './dialog-content.js';
export type { SignInReason, DialogContent } from './dialog-content.js';
