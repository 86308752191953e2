/** The notification channels of an alert. */
export interface Channels {
  email: boolean;
  sms: boolean;
  /** The signed webhook of the account page (docs/alert-channels.md); its box shows when this is set. */
  webhook?: boolean;
  /** Browser notifications (the account page turns them on per browser); its box shows when this is set. */
  push?: boolean;
  /** The Discord and Slack incoming webhooks of the account page. */
  discord?: boolean;
  slack?: boolean;
  /** The Telegram chat linked on the account page. */
  telegram?: boolean;
}

/** The 'Email', 'SMS' (and 'Webhook') checkboxes of the alert forms; `onChange` gets both with the one changed. */
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
      {value.webhook !== undefined && (
        <label>
          <input
            type="checkbox"
            checked={value.webhook}
            onChange={(e) => onChange({ ...value, webhook: e.target.checked })}
          />
          Webhook
        </label>
      )}
      {value.push !== undefined && (
        <label>
          <input
            type="checkbox"
            checked={value.push}
            onChange={(e) => onChange({ ...value, push: e.target.checked })}
          />
          Browser notifications
        </label>
      )}
      {value.discord !== undefined && (
        <label>
          <input
            type="checkbox"
            checked={value.discord}
            onChange={(e) => onChange({ ...value, discord: e.target.checked })}
          />
          Discord
        </label>
      )}
      {value.slack !== undefined && (
        <label>
          <input
            type="checkbox"
            checked={value.slack}
            onChange={(e) => onChange({ ...value, slack: e.target.checked })}
          />
          Slack
        </label>
      )}
      {value.telegram !== undefined && (
        <label>
          <input
            type="checkbox"
            checked={value.telegram}
            onChange={(e) => onChange({ ...value, telegram: e.target.checked })}
          />
          Telegram
        </label>
      )}
    </div>
  );
}
