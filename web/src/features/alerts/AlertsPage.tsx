import type { AlertTriggeredPayload, Channel } from '@coinpace/domain';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorBanner } from '../../components/ErrorBanner.tsx';
import { onUserEvent } from '../../lib/user-events.ts';
import { loadBilling, useBilling } from '../billing/billing-store.ts';
import { loadPortfolio, usePortfolio } from '../portfolio/portfolio-store.ts';
import { watchCoins } from '../prices/prices-store.ts';
import { AddAlertModal } from './AddAlertModal.tsx';
import { AlertHistoryDialog } from './AlertHistoryDialog.tsx';
import { AlertsTable } from './AlertsTable.tsx';
import { AlertsToolbar } from './AlertsToolbar.tsx';
import { AutoAlertsNotice } from './AutoAlertsNotice.tsx';
import { BlockingDialog } from './BlockingDialog.tsx';
import { DeleteAlertsDialog } from './DeleteAlertsDialog.tsx';
import { EditAlertDialog } from './EditAlertDialog.tsx';
import { ProtectPortfolioDialog } from './ProtectPortfolioDialog.tsx';
import { RecentActivity } from './RecentActivity.tsx';
import { UsageBanner } from './UsageBanner.tsx';
import { allowanceLeftOf, creationBlock, type CreationBlock } from './alert-ui.ts';
import {
  changeResetInterval,
  clearAlertMessages,
  deleteAlert,
  deleteSelected,
  handleAlertTriggered,
  loadAlertsScreen,
  refreshProfile,
  reloadStats,
  resetAllOn,
  selectAll,
  selectNone,
  setEditMode,
  setSelectedEnabled,
  syncWithHoldings,
  toggleAlert,
  toggleSelected,
  useAlerts,
  type MissingItem,
} from './alerts-store.ts';
import './alerts.css';
import './alerts-phone.css';

/** SPEC.md section 9: the alerts screen refreshes the portfolio every 10 s. */
const PORTFOLIO_REFRESH_MS = 10_000;
const SUCCESS_CLEARS_MS = 3_000;

/** The alerts screen (SPEC.md section 2, 'Alerts screen'). */
export function AlertsPage() {
  const state = useAlerts();
  const billing = useBilling((s) => s.info);
  const holdings = usePortfolio((s) => s.holdings);
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [modal, setModal] = useState<{ open: boolean; preselect: string[] }>({ open: false, preselect: [] });
  const [block, setBlock] = useState<CreationBlock | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  /** Alerts waiting for the delete confirmation; `bulk` when they are edit mode's selection. */
  const [deleting, setDeleting] = useState<{ ids: string[]; bulk: boolean } | null>(null);
  const [protecting, setProtecting] = useState(false);
  const prefix = location.pathname.startsWith('/dashboard') ? '/dashboard' : '';
  const goToAccount = () => navigate(`${prefix}/account`);

  useEffect(() => {
    void loadAlertsScreen();
    void loadBilling();
    void loadPortfolio();
    const timer = setInterval(() => void loadPortfolio(), PORTFOLIO_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  // Holdings added or removed anywhere changed their alerts on the server too (a new coin's alert).
  useEffect(() => {
    if (usePortfolio.getState().status !== 'idle') void syncWithHoldings(holdings);
  }, [holdings]);

  // A firing used a notification of the allowance: the usage banner reads it from the billing info.
  useEffect(() => {
    if (state.lastFired) void loadBilling();
  }, [state.lastFired]);

  useEffect(() => {
    if (!state.success) return;
    const timer = setTimeout(clearAlertMessages, SUCCESS_CLEARS_MS);
    return () => clearTimeout(timer);
  }, [state.success]);

  const coins = useMemo(
    () =>
      [...state.alerts.map((a) => a.coinId?.id ?? ''), ...holdings.map((h) => h.coingeckoId ?? '')].filter(
        Boolean,
      ),
    [state.alerts, holdings],
  );
  useEffect(() => watchCoins(coins), [coins]);
  // Live firings from the app's socket layer (DESIGN.md section 4, `alert:triggered`).
  useEffect(
    () => onUserEvent('alert:triggered', (payload) => handleAlertTriggered(payload as AlertTriggeredPayload)),
    [],
  );

  // Notifications left this period, per channel.
  const left = allowanceLeftOf(billing, state.stats);
  /**
   * Runs `then` unless something blocks creation (SPEC.md section 4). A block is checked again on fresh
   * billing info and profile first: the user may have just subscribed or added a phone number.
   */
  const unlessBlocked = async (then: () => void) => {
    let blocked = creationBlock(billing, state.profile, left);
    if (blocked) {
      const [info, profile] = await Promise.all([loadBilling(), refreshProfile(), reloadStats()]);
      blocked = creationBlock(info, profile, allowanceLeftOf(info, useAlerts.getState().stats));
    }
    if (blocked) setBlock(blocked);
    else then();
  };
  const openModal = (preselect: string[] = []) =>
    void unlessBlocked(() => setModal({ open: true, preselect }));

  // ?coin=SYMBOL preselects that portfolio coin and opens the modal, once the data is in.
  const coinParam = params.get('coin');
  // The portfolio has loaded once (it may be empty: the modal then opens without a preselection).
  const portfolioLoaded = usePortfolio(
    (s) => s.status === 'ready' || s.status === 'error' || s.holdings.length > 0,
  );
  const ready = state.status === 'ready' && billing !== null && portfolioLoaded;
  useEffect(() => {
    if (!coinParam || !ready) return;
    const holding = holdings.find((h) => h.symbol.toUpperCase() === coinParam.toUpperCase());
    setParams((p) => {
      p.delete('coin');
      return p;
    });
    openModal(holding ? [holding.id] : []);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per ?coin= value when the data is ready
  }, [coinParam, ready]);

  // ?protect=1 (e.g. a link after an import) opens 'Protect my portfolio'.
  const protectParam = params.get('protect');
  useEffect(() => {
    if (!protectParam || !ready) return;
    setParams((p) => {
      p.delete('protect');
      return p;
    });
    void unlessBlocked(() => setProtecting(true));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per ?protect= when the data is ready
  }, [protectParam, ready]);
  const unprotected = holdings.filter(
    (h) =>
      h.coingeckoId && !state.alerts.some((a) => a.portfolioItemId === h.id && a.thresholdType === 'Loss'),
  ).length;
  // Each action once on the screen: without a plan there is nothing to protect with,
  // so no 'Protect my portfolio' at all; the holdings banner's button stands in for the header's; the
  // empty state's 'Add Price Alert' stands in for the header's.
  const hasPlan = billing !== null && billing.plan !== 'None' && billing.accountStatus !== 'Pending';
  const showUnprotected = hasPlan && state.status === 'ready' && unprotected > 0;
  const loadingList = state.status === 'loading' && state.alerts.length === 0;
  const empty = !loadingList && state.alerts.length === 0 && state.status !== 'error';

  /** The server refused a create (the plan, allowance or profile changed meanwhile): show why. */
  const refused = (code: string | undefined, missing?: MissingItem[], usedUp?: Channel[]) => {
    setModal((m) => ({ ...m, open: false }));
    if (code === 'PLAN_REQUIRED') setBlock({ kind: 'upgrade' });
    else if (code === 'ALERT_LIMIT_REACHED') {
      setBlock({ kind: 'limit', usedUp });
      void reloadStats();
    } else
      setBlock({ kind: 'missing', items: missing?.length ? missing : ['phone number', 'email address'] });
  };

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Price Alerts</h1>
          <p>Get an e-mail or SMS when a coin crosses the price or percentage you set.</p>
        </div>
        <div className="alerts-actions">
          {state.alerts.length > 0 && (
            <button type="button" className="btn" onClick={() => setEditMode(!state.editMode)}>
              {state.editMode ? 'Done' : 'Edit'}
            </button>
          )}
          {hasPlan && holdings.length > 0 && !showUnprotected && (
            <button
              type="button"
              className="btn"
              onClick={() => void unlessBlocked(() => setProtecting(true))}
            >
              Protect my portfolio
            </button>
          )}
          {!empty && (
            <button type="button" className="btn btn-primary" onClick={() => openModal()}>
              Add Price Alert
            </button>
          )}
        </div>
      </div>
      <ErrorBanner message={state.error} onClose={clearAlertMessages} />
      {state.success && (
        <div className="banner banner-success" role="status">
          <div className="banner-body">{state.success}</div>
        </div>
      )}
      <UsageBanner billing={billing} left={left} onUpgrade={goToAccount} />
      <AutoAlertsNotice alerts={state.alerts} />
      {showUnprotected && (
        <div className="banner banner-info" role="note">
          <div className="banner-body">
            {unprotected} of your holdings {unprotected === 1 ? 'has' : 'have'} no loss alert. One click sets
            a loss alert on each of them.
          </div>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void unlessBlocked(() => setProtecting(true))}
          >
            Protect my portfolio
          </button>
        </div>
      )}
      {loadingList ? (
        <div className="card center-screen" role="status" style={{ minHeight: 200 }}>
          <span className="spinner spinner-lg" aria-label="Loading alerts" />
        </div>
      ) : empty ? (
        <section className="card empty-state" aria-labelledby="no-alerts">
          <h2 id="no-alerts">No alerts yet</h2>
          <p className="muted">Set a price or percentage alert on a coin you hold or one you watch.</p>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={() => openModal()}>
              Add Price Alert
            </button>
          </div>
        </section>
      ) : (
        <>
          <AlertsToolbar
            editMode={state.editMode}
            total={state.alerts.length}
            selected={state.selected.length}
            busy={state.busy}
            onSelectAll={selectAll}
            onSelectNone={selectNone}
            onEnable={(enabled) => void setSelectedEnabled(enabled)}
            onDelete={() => setDeleting({ ids: state.selected, bulk: true })}
            onResetAll={() => void resetAllOn()}
          />
          <AlertsTable
            alerts={state.alerts}
            editMode={state.editMode}
            selected={state.selected}
            onSelect={toggleSelected}
            onToggle={(id) => void toggleAlert(id)}
            onResetInterval={(id, interval) => void changeResetInterval(id, interval)}
            onHistory={setHistoryOf}
            onEdit={setEditing}
            onDelete={(id) => setDeleting({ ids: [id], bulk: false })}
          />
          <p className="muted" style={{ fontSize: 'var(--text-sm)' }}>
            An alert turns itself off when it fires and is turned back on when its reset interval is reached.
          </p>
        </>
      )}
      <RecentActivity version={state.lastFired?.firedAt ?? 0} />
      <AddAlertModal
        open={modal.open}
        holdings={holdings}
        preselect={modal.preselect}
        left={left}
        busy={state.busy}
        onClose={() => setModal({ open: false, preselect: [] })}
        onRefused={refused}
      />
      <BlockingDialog block={block} onClose={() => setBlock(null)} onGoToAccount={goToAccount} />
      <ProtectPortfolioDialog open={protecting} onClose={() => setProtecting(false)} />
      <AlertHistoryDialog alertId={historyOf} onClose={() => setHistoryOf(null)} />
      <EditAlertDialog
        alert={state.alerts.find((a) => a.id === editing) ?? null}
        left={left}
        onClose={() => setEditing(null)}
      />
      <DeleteAlertsDialog
        alerts={deleting ? state.alerts.filter((a) => deleting.ids.includes(a.id)) : null}
        onConfirm={() => (deleting?.bulk ? deleteSelected() : deleteAlert(deleting?.ids[0] ?? ''))}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
