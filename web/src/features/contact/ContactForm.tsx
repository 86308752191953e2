import { CONTACT_LIMITS, CONTACT_MESSAGES, ZContactMessage, checkFields } from '@coinpace/domain';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField.tsx';
import { useCheckedForm } from '../../components/use-checked-form.ts';
import { sendContactMessage } from './send-contact-message.ts';
import './contact.css';

const EMPTY = { name: '', email: '', message: '' };

/** The contact form of the footer (SPEC.md sections 3, 5 and 8): name, e-mail and message, all required. */
export function ContactForm() {
  const { values, errors, set, validate, reset } = useCheckedForm(
    EMPTY,
    (v) => checkFields(ZContactMessage, v),
    (field) => `contact-${field}`,
  );
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const message = validate();
    if (!message) return;
    setBusy(true);
    const result = await sendContactMessage(message);
    setBusy(false);
    if (result.ok) {
      reset();
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
