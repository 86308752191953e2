import { CONTACT_LIMITS, CONTACT_MESSAGES, ZContactMessage, toFieldIssues } from '@coinpace/domain';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField.tsx';
import { sendContactMessage } from './send-contact-message.ts';
import './contact.css';

type Field = 'name' | 'email' | 'message';
type Errors = Partial<Record<Field, string>>;
const EMPTY: Record<Field, string> = { name: '', email: '', message: '' };

/** The contact form of the footer (SPEC.md sections 3, 5 and 8): name, e-mail and message, all required. */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = ZContactMessage.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of toFieldIssues(parsed.error)) next[issue.path as Field] ??= issue.message;
      setErrors(next);
      const first = (['name', 'email', 'message'] as const).find((f) => next[f]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setBusy(true);
    const result = await sendContactMessage(parsed.data);
    setBusy(false);
    if (result.ok) {
      setValues(EMPTY);
      setOutcome({ ok: true, message: CONTACT_MESSAGES.sent });
    } else {
      setOutcome({ ok: false, message: result.message });
    }
  };

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-busy={busy} aria-label="Contact us">
      <div className="contact-row">
        <FormField id="contact-name" label="Name" error={errors.name}>
          {(props) => (
            <input
              {...props}
              className="input"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
            />
          )}
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
            />
          )}
        </FormField>
      </div>
      <FormField id="contact-message" label="Message" error={errors.message}>
        {(props) => (
          <textarea
            {...props}
            className="textarea contact-message"
            rows={4}
            maxLength={CONTACT_LIMITS.message}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
          />
        )}
      </FormField>
      {outcome && (
        <div
          className={`banner ${outcome.ok ? 'banner-success' : 'banner-error'}`}
          role={outcome.ok ? 'status' : 'alert'}
        >
          <div className="banner-body">{outcome.message}</div>
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" /> Sending...
          </>
        ) : (
          'Send message'
        )}
      </button>
    </form>
  );
}
