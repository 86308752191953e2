/**
 * Clerk mode (a publishable key in /api/config). Loaded lazily so local mode never downloads Clerk.
 * It mirrors Clerk's session into the auth store and renders Clerk's own sign-in and sign-up forms.
 */
import {
  AuthenticateWithRedirectCallback,
  ClerkProvider,
  SignIn,
  SignUp,
  useAuth as useClerkAuth,
  useClerk,
  useUser,
} from '@clerk/react';
import { useEffect, type ReactNode } from 'react';
import { syncClerkSession } from './auth-store.ts';

export default function ClerkRoot({
  publishableKey,
  children,
}: {
  publishableKey: string;
  children: ReactNode;
}) {
  return (
    <ClerkProvider publishableKey={publishableKey} afterSignOutUrl="/">
      <ClerkSync />
      {children}
    </ClerkProvider>
  );
}

function ClerkSync() {
  const { isLoaded, isSignedIn, getToken } = useClerkAuth();
  const { user } = useUser();
  const clerk = useClerk();
  useEffect(() => {
    if (!isLoaded) return;
    const handlers = { getToken: () => getToken(), signOut: () => clerk.signOut() };
    if (isSignedIn && user) {
      syncClerkSession(
        {
          signedIn: true,
          clerkId: user.id,
          email: user.primaryEmailAddress?.emailAddress ?? null,
          firstName: user.firstName ?? null,
        },
        handlers,
      );
    } else {
      syncClerkSession({ signedIn: false }, handlers);
    }
  }, [isLoaded, isSignedIn, user, getToken, clerk]);
  return null;
}

export function ClerkSignIn() {
  return <SignIn routing="hash" fallbackRedirectUrl="/portfolio" signUpUrl="/#sign-up" />;
}

export function ClerkSignUp() {
  return <SignUp routing="hash" fallbackRedirectUrl="/portfolio" signInUrl="/#sign-in" />;
}

/** Finishes an OAuth or SSO sign-in that came back to /sso-callback. */
export function ClerkSsoCallback() {
  return (
    <AuthenticateWithRedirectCallback
      signInFallbackRedirectUrl="/portfolio"
      signUpFallbackRedirectUrl="/portfolio"
    />
  );
}
