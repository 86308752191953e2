/** The notification channels of an alert. */
export interface Channels {
  email: boolean;
  sms: boolean;
}

/** The 'Email' and 'SMS' checkboxes of the alert forms; `onChange` gets both with the one changed. */
export function ChannelChecks({ value, onChange }: { value: Channels; onChange: (next: Channels) => void }) {
  return (
    <div className="checks">
      <label>
        <input
          type="checkbox"
          checked={value.email}
          onChange={(e) => onChange({ ...value, email: e.target.checked })}
        />
        Email
      </label>
      <label>
        <input
          type="checkbox"
          checked={value.sms}
          onChange={(e) => onChange({ ...value, sms: e.target.checked })}
        />
        SMS
      </label>
    </div>
  );
}
