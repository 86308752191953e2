import { useAuth } from '../auth/auth-store.ts';

/** The account screen (SPEC.md section 2, 'Account screen'). */
export function AccountPage() {
  const user = useAuth((s) => s.user);
  return (
    <>
      <div className="page-header">
        <div>
          <h1>My Account</h1>
          <p>Your plan, contact details and account settings.</p>
        </div>
      </div>
      <section className="card">
        <h2>Contact information</h2>
        <p>
          E-mail: <strong>{user?.email ?? '—'}</strong>
        </p>
      </section>
    </>
  );
}
