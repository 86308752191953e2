/** The reference's entries for the alert routes. */
import { z } from 'zod';
import { BODY_LIMITS, formatBodyLimit } from '../limits.ts';
import {
  ZAlertHistoryQuery,
  ZAlertStatusBody,
  ZCreateAlert,
  ZProtectPortfolio,
  ZResetIntervalBody,
  ZUpdateAlert,
} from '../schemas/alerts.ts';
import { ZCreatePortfolioAlert } from '../schemas/portfolio-alerts.ts';
import {
  ZAlertEventView,
  ZAlertStats,
  ZAlertView,
  ZCreateAlertsResult,
  ZProtectPortfolioResult,
} from './responses-portfolio.ts';
import type { ParamDoc, RouteDoc } from './route-doc.ts';

const alertId: Record<string, ParamDoc> = { id: { schema: z.uuid(), description: 'The alert id.' } };
const historyQuery: Record<string, ParamDoc> = {
  limit: { schema: ZAlertHistoryQuery.shape.limit, description: 'Most events to return (1 to 200).' },
  before: { schema: ZAlertHistoryQuery.shape.before, description: 'Only events before this ISO time.' },
};
const alertCreationRefusals =
  'No paid plan (PLAN_REQUIRED), no notifications left this period (ALERT_LIMIT_REACHED), the plan allows ' +
  'no more alerts set up (ALERT_SETUP_CAP_REACHED), or the profile lacks the e-mail or phone the ' +
  'notification method needs (PROFILE_INCOMPLETE).';

export const ALERT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/alerts/user',
    tag: 'Alerts',
    access: 'user',
    summary: 'List alerts',
    responses: { 200: { description: 'Alerts, newest first.', schema: z.array(ZAlertView) } },
  },
  {
    method: 'get',
    path: '/api/alerts/user/stats',
    tag: 'Alerts',
    access: 'user',
    summary: 'Alert counts and this period’s notifications',
    responses: { 200: { description: 'The stats.', schema: ZAlertStats } },
  },
  {
    method: 'get',
    path: '/api/alerts/user/history',
    tag: 'Alerts',
    access: 'user',
    summary: 'Firing history of all alerts',
    query: historyQuery,
    responses: {
      200: { description: 'Events, newest first.', schema: z.array(ZAlertEventView) },
      400: 'limit or before is not valid.',
    },
  },
  {
    method: 'post',
    path: '/api/alerts',
    tag: 'Alerts',
    access: 'user',
    summary: 'Create alerts',
    description:
      'One coin, several coins, every holding or the whole portfolio; or, with a `kind`, one portfolio alert: ' +
      'portfolio_value (the value above or below an amount in `currency`), drawdown (Loss: down a percentage ' +
      'from its peak since set or re-armed; the whole portfolio, or one holding with `holdingId`), holding_pnl ' +
      "(Gain or Loss of a holding against its cost, `measure` percent or amount), allocation (a holding's " +
      'share of the portfolio above or below a percentage), movement (Gain: coins arriving at a synced exchange ' +
      'account or wallet, Loss: leaving; worth at least the amount in `currency`; every coin, or one holding ' +
      'with `holdingId`; each movement told once) or sync_problem (Above: an exchange account or wallet whose ' +
      'syncs have failed for at least the value in hours, or whose key was refused; once per failing episode).',
    body: {
      schema: z.union([ZCreateAlert, ZCreatePortfolioAlert]),
      required: true,
      limit: formatBodyLimit(BODY_LIMITS.bulk),
    },
    responses: {
      201: { description: 'The alerts created.', schema: ZCreateAlertsResult },
      403: alertCreationRefusals,
    },
  },
  {
    method: 'post',
    path: '/api/alerts/protect-portfolio',
    tag: 'Alerts',
    access: 'user',
    summary: 'Protect my portfolio',
    description: 'A Loss alert at the given percentage for every holding that has none.',
    body: { schema: ZProtectPortfolio, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'Nothing to create; skipped says why.', schema: ZProtectPortfolioResult },
      201: { description: 'Alerts created.', schema: ZProtectPortfolioResult },
      403: alertCreationRefusals,
    },
  },
  {
    method: 'get',
    path: '/api/alerts/{id}',
    tag: 'Alerts',
    access: 'user',
    summary: 'One alert',
    params: alertId,
    responses: { 200: { description: 'The alert.', schema: ZAlertView }, 404: 'No such alert.' },
  },
  {
    method: 'get',
    path: '/api/alerts/{id}/history',
    tag: 'Alerts',
    access: 'user',
    summary: "One alert's firing history",
    params: alertId,
    query: historyQuery,
    responses: {
      200: { description: 'Events, newest first.', schema: z.array(ZAlertEventView) },
      400: 'limit or before is not valid.',
      404: 'No such alert.',
    },
  },
  {
    method: 'put',
    path: '/api/alerts/{id}',
    tag: 'Alerts',
    access: 'user',
    summary: 'Change an alert',
    params: alertId,
    body: { schema: ZUpdateAlert, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The alert as changed.', schema: ZAlertView },
      403: 'The profile lacks the e-mail or phone the new notification method needs.',
      404: 'No such alert.',
    },
  },
  {
    method: 'patch',
    path: '/api/alerts/{id}/status',
    tag: 'Alerts',
    access: 'user',
    summary: 'Pause or resume an alert',
    params: alertId,
    body: { schema: ZAlertStatusBody, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: { 200: { description: 'The alert.', schema: ZAlertView }, 404: 'No such alert.' },
  },
  {
    method: 'patch',
    path: '/api/alerts/{id}/reset-interval',
    tag: 'Alerts',
    access: 'user',
    summary: 'Set how long a fired alert rests',
    params: alertId,
    body: { schema: ZResetIntervalBody, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: { 200: { description: 'The alert.', schema: ZAlertView }, 404: 'No such alert.' },
  },
  {
    method: 'delete',
    path: '/api/alerts/{id}',
    tag: 'Alerts',
    access: 'user',
    summary: 'Delete an alert',
    params: alertId,
    responses: { 204: { description: 'Deleted.' }, 404: 'No such alert.' },
  },
];
