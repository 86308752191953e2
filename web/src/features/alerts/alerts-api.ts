/** The alert routes as the browser calls them (SPEC.md section 7 and DESIGN.md section 4). */
import type {
  AlertEventView,
  AlertStats,
  AlertStatus,
  AlertView,
  CreateAlertInput,
  CreatePortfolioAlertInput,
  CreateAlertsResult,
  ProtectPortfolioResult,
  ResetInterval,
  UserView,
} from '@coinpace/domain';
import { api } from '../../lib/api-client.ts';

export const fetchAlerts = () => api<AlertView[]>('/api/alerts/user');
export const fetchAlertStats = () => api<AlertStats>('/api/alerts/user/stats');
export const fetchProfile = async () => (await api<{ user: UserView }>('/api/users/me')).user;

export const createAlertsRequest = (body: CreateAlertInput | CreatePortfolioAlertInput) =>
  api<CreateAlertsResult>('/api/alerts', { method: 'POST', body });

export const setStatusRequest = (id: string, status: AlertStatus) =>
  api<AlertView>(`/api/alerts/${id}/status`, { method: 'PATCH', body: { status } });

export const setResetIntervalRequest = (id: string, resetInterval: ResetInterval) =>
  api<AlertView>(`/api/alerts/${id}/reset-interval`, { method: 'PATCH', body: { resetInterval } });

/** PUT /api/alerts/{id}: the threshold, channels or reset interval of one alert. */
export const updateAlertRequest = (
  id: string,
  body: {
    thresholdType?: string;
    thresholdValue?: string;
    notificationMethod?: string;
    channels?: string[];
    measure?: string;
  },
) => api<AlertView>(`/api/alerts/${id}`, { method: 'PUT', body });

export const deleteAlertRequest = (id: string) => api<void>(`/api/alerts/${id}`, { method: 'DELETE' });

export const fetchAlertHistory = (id: string) => api<AlertEventView[]>(`/api/alerts/${id}/history?limit=20`);
export const fetchUserHistory = () => api<AlertEventView[]>('/api/alerts/user/history?limit=20');

export const protectPortfolioRequest = (body: { lossPercent: string; notificationMethod: string }) =>
  api<ProtectPortfolioResult>('/api/alerts/protect-portfolio', { method: 'POST', body });
