import type { FieldIssue } from '@coinpace/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import {
  fetchContactInfo,
  saveContactInfo,
  validateContactInfo,
  type ContactFields,
} from './contact-info.ts';

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
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchContactInfo().then(setFields, (caught: unknown) =>
      setError(`Failed to load data: ${errorMessage(caught)}`),
    );
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
      setFields(await saveContactInfo(checked.body));
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
    </section>
  );
}
