import {
  PORTFOLIO_TOTAL,
  portfolioRuleLabel,
  type AlertView,
  type PnlMeasure,
  type PortfolioKind,
} from '@coinpace/domain';
import { useState } from 'react';
import { ChannelChecks, type Channels } from './ChannelChecks.tsx';
import { PortfolioKindFields } from './PortfolioKindFields.tsx';
import { changedExtraChannels, channelsOf } from './alert-form.ts';
import { methodOf } from './alert-ui.ts';
import { editAlert } from './alerts-store.ts';
import { validateKindForm, type KindForm } from './kind-form.ts';

/** The form of a portfolio-kind alert as it is stored: its kind, side, measure, holding and value. */
export function kindFormOf(alert: AlertView): KindForm {
  return {
    kind: alert.scope as PortfolioKind,
    thresholdType: alert.thresholdType,
    measure: alert.measure ?? 'percent',
    holdingId: alert.portfolioItemId ?? '',
    value: String(alert.thresholdValue),
  };
}

/**
 * The edit dialog's form for a portfolio-kind alert (PUT /api/alerts/{id}): the kind's own fields as the
 * Add Alert dialog's Portfolio group shows them (its sides, a holding gain/loss's measure, the value in
 * its unit), the kind and holding read-only, and the channels.
 */
export function EditKindForm({
  id,
  alert,
  onSaving,
  onClose,
}: {
  id: string;
  alert: AlertView;
  onSaving: (saving: boolean) => void;
  onClose: () => void;
}) {
  const [form, setFormState] = useState<KindForm>(() => kindFormOf(alert));
  const [channels, setChannelsState] = useState<Channels>(() => channelsOf(alert));
  const [error, setError] = useState<string | null>(null);
  // A message goes away as soon as what it is about changes.
  const setForm = (next: KindForm) => {
    setFormState(next);
    setError(null);
  };
  const setChannels = (next: Channels) => {
    setChannelsState(next);
    setError(null);
  };
  const holding = alert.coinSymbol && alert.coinSymbol !== PORTFOLIO_TOTAL ? alert.coinSymbol : null;
  const value = Number(form.value.replace(/,/g, ''));
  const preview =
    value > 0
      ? portfolioRuleLabel({
          scope: form.kind,
          thresholdType: form.thresholdType,
          thresholdValue: value,
          measure: form.kind === 'holding_pnl' ? form.measure : null,
          coinSymbol: holding,
          currency: alert.currency,
        })
      : null;

  async function save() {
    const method = methodOf(channels);
    const problem = validateKindForm(form, method);
    if (problem || !method) return setError(problem);
    onSaving(true);
    const failure = await editAlert(alert.id, {
      thresholdType: form.thresholdType,
      thresholdValue: form.value.replace(/,/g, '').trim(),
      notificationMethod: method,
      ...(form.kind === 'holding_pnl' && { measure: form.measure as PnlMeasure }),
      ...changedExtraChannels(channels, alert),
    });
    onSaving(false);
    if (failure) setError(failure);
    else onClose();
  }

  return (
    <form
      id={id}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <PortfolioKindFields form={form} holdings={[]} onChange={setForm} fixed={{ holding }} />
      <fieldset className="field" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="label">Notify me by</legend>
        <ChannelChecks value={channels} onChange={setChannels} />
      </fieldset>
      {preview && (
        <p className="preview" aria-live="polite">
          {preview}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert" style={{ color: 'var(--loss)' }}>
          {error}
        </p>
      )}
    </form>
  );
}
