/**
 * The URL hashes that open the sign-in and sign-up dialogs (AuthDialogs.tsx), so Back closes them. Apart
 * from the dialogs: the links that open them are on the landing page, whose first load carries no forms.
 */
export const SIGN_IN_HASH = '#sign-in';
export const SIGN_UP_HASH = '#sign-up';

/**
 * Whether `hash` asks for an auth dialog: #sign-in, #sign-up, or one of the steps Clerk's forms route
 * in the hash ('#/factor-one'), which keep the dialog they live in open.
 */
export function isAuthHash(hash: string): boolean {
  return hash === SIGN_IN_HASH || hash === SIGN_UP_HASH || hash.startsWith('#/');
}
