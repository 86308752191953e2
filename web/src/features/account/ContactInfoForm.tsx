import type { FieldIssue, VerificationSent } from '@coinpace/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useSearchParams } from 'react-router-dom';
import {
  confirmVerification,
  fetchContactInfo,
  fetchPendingVerifications,
  saveContactInfo,
  validateContactInfo,
  type ContactFields,
  type SavedContact,
} from './contact-info.ts';
import { DestinationCheck } from './DestinationCheck.tsx';

const FIELDS: {
  name: keyof ContactFields;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
}[] = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  {
    name: 'email',
    label: 'E-mail address',
    type: 'email',
    autoComplete: 'email',
    hint: 'E-mail alerts go here.',
  },
  {
    name: 'phone',
    label: 'Phone number',
    type: 'tel',
    autoComplete: 'tel',
    hint: 'International format with country code, e.g. +15551234567. SMS alerts go here.',
  },
];

/** The contact info alerts need (SPEC.md section 5: an e-mail address and a phone number). */
export function ContactInfoForm() {
  const [fields, setFields] = useState<ContactFields | null>(null);
  /** What the server holds: the destinations and whether each is confirmed. */
  const [stored, setStored] = useState<SavedContact | null>(null);
  const [linkNote, setLinkNote] = useState<string | null>(null);
  /** Codes and links sent earlier that still hold (the field comes back after leaving the screen). */
  const [pending, setPending] = useState<VerificationSent[]>([]);
  const [params, setParams] = useSearchParams();
  const show = (contact: SavedContact) => {
    setStored(contact);
    setFields(contact);
  };
  const pendingFor = (channel: VerificationSent['channel'], destination: string) =>
    pending.find((p) => p.channel === channel && p.destination === destination) ?? null;
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Opened from the e-mailed link (/account?verify=email&code=…): confirm it, then drop it from the address.
    const linkCode = params.get('verify') === 'email' ? params.get('code') : null;
    const load = linkCode
      ? confirmVerification('email', linkCode).then(
          (contact) => {
            setLinkNote('Your e-mail address is verified. Alerts can be sent there now.');
            return contact;
          },
          (caught: unknown) => {
            setError(`Could not verify your e-mail address: ${errorMessage(caught)}`);
            return fetchContactInfo();
          },
        )
      : fetchContactInfo();
    if (linkCode) {
      const rest = new URLSearchParams(params);
      rest.delete('verify');
      rest.delete('code');
      setParams(rest, { replace: true });
    }
    // What is pending is a help, not a must: without it the screen works as before.
    const sent = fetchPendingVerifications().catch(() => []);
    Promise.all([load, sent]).then(
      ([contact, open]) => {
        setPending(open);
        show(contact);
      },
      (caught: unknown) => setError(`Failed to load data: ${errorMessage(caught)}`),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening the screen
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields) return;
    setSaved(false);
    setError(null);
    const checked = validateContactInfo(fields);
    if (!checked.ok) {
      setIssues(checked.issues);
      return;
    }
    setIssues([]);
    setBusy(true);
    try {
      show(await saveContactInfo(checked.body));
      setSaved(true);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const issueOf = (name: string) => issues.find((issue) => issue.path === name)?.message;
  return (
    <section className="card account-section" aria-labelledby="contact-title">
      <h2 id="contact-title">Contact information</h2>
      <p className="muted">Alerts need both an e-mail address and a phone number.</p>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      {!fields ? (
        !error && <span className="spinner" role="status" aria-label="Loading contact information" />
      ) : (
        <form onSubmit={submit} noValidate aria-busy={busy} className="contact-form">
          {FIELDS.map((field) => {
            const id = `contact-${field.name}`;
            const problem = issueOf(field.name);
            return (
              <div className="field" key={field.name}>
                <label htmlFor={id}>{field.label}</label>
                <input
                  id={id}
                  className="input"
                  type={field.type}
                  autoComplete={field.autoComplete}
                  value={fields[field.name]}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={`${id}-hint`}
                  onChange={(e) => setFields({ ...fields, [field.name]: e.target.value })}
                />
                {problem ? (
                  <span className="field-error" id={`${id}-hint`}>
                    {problem}
                  </span>
                ) : (
                  field.hint && (
                    <span className="hint" id={`${id}-hint`}>
                      {field.hint}
                    </span>
                  )
                )}
              </div>
            );
          })}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save contact information'}
            </button>
            {saved && (
              <span role="status" className="saved-note">
                Contact information saved.
              </span>
            )}
          </div>
        </form>
      )}
      {linkNote && (
        <p role="status" className="saved-note">
          {linkNote}
        </p>
      )}
      {stored && (stored.email || stored.phone) && (
        <div className="destination-checks" aria-label="Alert destinations">
          {stored.email && (
            <DestinationCheck
              key={`email:${stored.email}`}
              channel="email"
              destination={stored.email}
              verified={stored.verified.email}
              pending={pendingFor('email', stored.email)}
              onConfirmed={show}
            />
          )}
          {stored.phone && (
            <DestinationCheck
              key={`sms:${stored.phone}`}
              channel="sms"
              destination={stored.phone}
              verified={stored.verified.phone}
              pending={pendingFor('sms', stored.phone)}
              onConfirmed={show}
            />
          )}
        </div>
      )}
    </section>
  );
}
