import { ALERT_MESSAGES, type CreateAlertInput, type HoldingRow } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { holding } from '../../testing/holdings.ts';
import {
  createAlerts,
  deleteSelected,
  handleAlertTriggered,
  loadAlertsScreen,
  resetAlerts,
  resetAllOn,
  selectAll,
  setEditMode,
  syncWithHoldings,
  toggleAlert,
  useAlerts,
} from './alerts-store.ts';
import { alertView } from './testing.ts';

const stats = { total: 0 };
const me = { user: { id: 'u1', email: 'a@example.test', phone: '+15550001111' } };

describe('alerts store (SPEC.md sections 4 and 8)', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetAlerts();
    api = installFakeApi();
    api.on('GET', '/api/alerts/user/stats', { body: stats }).on('GET', '/api/users/me', { body: me });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("loads alerts, or shows 'Failed to load alerts: …'", async () => {
    api.on('GET', '/api/alerts/user', { body: [alertView()] });
    await loadAlertsScreen();
    expect(useAlerts.getState()).toMatchObject({ status: 'ready', profile: me.user });
    api.on('GET', '/api/alerts/user', { status: 500, body: { error: 'Something went wrong on our side.' } });
    await loadAlertsScreen();
    expect(useAlerts.getState().error).toBe(`${ALERT_MESSAGES.failedLoad}Something went wrong on our side.`);
  });

  it('toggles one alert, and says so when it fails', async () => {
    useAlerts.setState({ alerts: [alertView()] });
    api.on('PATCH', '/api/alerts/a1/status', (call) => ({
      body: alertView({ status: (call.body as { status: 'Paused' }).status }),
    }));
    await toggleAlert('a1');
    expect(api.callsTo('PATCH', '/api/alerts/a1/status')[0]!.body).toEqual({ status: 'Paused' });
    expect(useAlerts.getState().alerts[0]!.status).toBe('Paused');
    api.on('PATCH', '/api/alerts/a1/status', { status: 404, body: { error: 'Alert not found.' } });
    await toggleAlert('a1');
    expect(useAlerts.getState().error).toBe('Failed to toggle alert: Alert not found.');
  });

  it('edit mode clears the selection; bulk delete reports partial failures', async () => {
    useAlerts.setState({ alerts: [alertView({ id: 'a1' }), alertView({ id: 'a2' })] });
    selectAll();
    setEditMode(true);
    expect(useAlerts.getState().selected).toEqual([]);
    selectAll();
    api
      .on('DELETE', '/api/alerts/a1', { status: 204 })
      .on('DELETE', '/api/alerts/a2', { status: 404, body: { error: 'Alert not found.' } });
    await deleteSelected();
    expect(useAlerts.getState().alerts.map((a) => a.id)).toEqual(['a2']);
    expect(useAlerts.getState().error).toBe('Failed to delete some alerts: Alert not found.');
  });

  it("'Reset All to ON' turns every paused alert on", async () => {
    useAlerts.setState({ alerts: [alertView({ id: 'a1', status: 'Paused' }), alertView({ id: 'a2' })] });
    api.on('PATCH', '/api/alerts/a1/status', { body: alertView({ id: 'a1' }) });
    await resetAllOn();
    expect(api.callsTo('PATCH', '/api/alerts/a2/status')).toHaveLength(0);
    expect(useAlerts.getState().success).toBe('Successfully enabled all 2 alerts!');
  });

  it("create: 'Successfully created N alert(s)!', or the server's message after 'Failed to create alert: '", async () => {
    api.on('POST', '/api/alerts', {
      status: 201,
      body: { created: 2, alerts: [alertView({ id: 'x' }), alertView({ id: 'y' })] },
    });
    const payload: CreateAlertInput = {
      type: 'PortfolioGainLoss',
      coinIds: ['h1', 'h2'],
      thresholdType: 'Loss',
      thresholdValue: '5',
      notificationMethod: 'Email',
    };
    expect(await createAlerts(payload)).toEqual({ ok: true });
    expect(useAlerts.getState().success).toBe('Successfully created 2 alert(s)!');
    api.on('POST', '/api/alerts', {
      status: 403,
      body: { error: 'You must upgrade to a paid plan to set alerts.', code: 'PLAN_REQUIRED' },
    });
    expect(await createAlerts(payload)).toEqual({
      ok: false,
      code: 'PLAN_REQUIRED',
      message: 'Failed to create alert: You must upgrade to a paid plan to set alerts.',
    });
    api.on('POST', '/api/alerts', {
      status: 403,
      body: {
        error: 'Missing Required Information: please add your phone number to your profile.',
        code: 'PROFILE_INCOMPLETE',
        details: { missing: ['phone number'] },
      },
    });
    expect(await createAlerts(payload)).toEqual({
      ok: false,
      code: 'PROFILE_INCOMPLETE',
      missing: ['phone number'],
      message:
        'Failed to create alert: Missing Required Information: please add your phone number to your profile.',
    });
    api.on('POST', '/api/alerts', {
      status: 400,
      body: {
        error: 'Some fields are missing',
        details: [{ path: 'notificationMethod', message: ALERT_MESSAGES.selectMethod }],
      },
    });
    expect(await createAlerts(payload)).toMatchObject({
      message: `Failed to create alert: ${ALERT_MESSAGES.selectMethod}`,
    });
  });

  it('reloads the alerts when the holdings change elsewhere (the server adds alerts for new coins)', async () => {
    useAlerts.setState({ alerts: [alertView()] });
    const h1 = holding({ id: 'h1' }) as HoldingRow;
    const h2 = holding({ id: 'h2', symbol: 'ETH', coingeckoId: 'ethereum' }) as HoldingRow;
    const eth = alertView({ id: 'n', type: 'PortfolioGainLoss', coinSymbol: 'ETH', portfolioItemId: 'h2' });
    api.on('GET', '/api/alerts/user', { body: [eth, alertView()] });
    expect(await syncWithHoldings([h1])).toBe(false); // the first refresh only learns what is held
    expect(await syncWithHoldings([h1])).toBe(false);
    expect(api.callsTo('GET', '/api/alerts/user')).toHaveLength(0);
    expect(await syncWithHoldings([h2, h1])).toBe(true);
    expect(useAlerts.getState().alerts.map((a) => a.id)).toEqual(['n', 'a1']);
    expect(await syncWithHoldings([h1, h2])).toBe(false);
    expect(await syncWithHoldings([h2])).toBe(true);
    expect(api.callsTo('GET', '/api/alerts/user')).toHaveLength(2);
  });

  it('a live alert:triggered shows the alert as fired at once', () => {
    useAlerts.setState({ alerts: [alertView()] });
    api.on('GET', '/api/alerts/user', { body: [alertView({ status: 'Paused' })] });
    handleAlertTriggered({
      alertId: 'a1',
      coinSymbol: 'BTC',
      coingeckoId: 'bitcoin',
      thresholdType: 'Above',
      thresholdValue: 50000,
      currency: 'usd',
      price: 51000,
      firedAt: Date.parse('2026-01-01T10:00:00Z'),
      outcome: 'queued',
    });
    expect(useAlerts.getState().alerts[0]).toMatchObject({
      status: 'Paused',
      pausedBy: 'trigger',
      lastTriggered: '2026-01-01T10:00:00.000Z',
    });
    expect(useAlerts.getState().lastFired?.price).toBe(51000);
  });
});
