/** The reference's entries for health, the reference itself, session, users and visitor routes. */
import { z } from 'zod';
import { BODY_LIMITS, formatBodyLimit } from '../limits.ts';
import { ZBetaSignup, ZCheckPassword, ZContactMessage } from '../schemas/public.ts';
import {
  ZConfirmSignUp,
  ZConfirmVerification,
  ZEnsureUser,
  ZLocalSignIn,
  ZLocalSignUp,
  ZRequestVerification,
  ZUpdateMe,
} from '../schemas/users.ts';
import {
  ZAuthResult,
  ZBetaSignupCount,
  ZSignUpAccepted,
  ZCheckPasswordResult,
  ZHealth,
  ZNotReady,
  ZOpenApiDocument,
  ZPendingVerifications,
  ZPublicConfig,
  ZReady,
  ZSuccess,
  ZUserEnvelope,
  ZVerificationSent,
} from './responses.ts';
import type { RouteDoc } from './route-doc.ts';

export const SESSION_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/healthz',
    tag: 'Health',
    access: 'operator',
    summary: 'Liveness',
    description: 'The process is up. Served on every ROLE.',
    responses: { 200: { description: 'Up.', schema: ZHealth } },
  },
  {
    method: 'get',
    path: '/readyz',
    tag: 'Health',
    access: 'operator',
    summary: 'Readiness',
    description: 'The database answers. Orchestrators send traffic only to a ready process.',
    responses: {
      200: { description: 'Ready.', schema: ZReady },
      503: { description: 'The database does not answer.', schema: ZNotReady },
    },
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'Health',
    access: 'operator',
    summary: 'Prometheus metrics',
    description:
      'Process metrics and, on the API, request counts and durations by route. Served on METRICS_PORT when ' +
      'that is set (and then not here), only to `Authorization: Bearer <METRICS_TOKEN>` when that is set, ' +
      'and in production never without one of the two.',
    responses: {
      200: { description: 'Prometheus text format.', schema: z.string(), type: 'text' },
      401: 'METRICS_TOKEN is set and the request does not carry it as a bearer token.',
      404: 'Not served on this port: METRICS_PORT serves it, or production has neither setting.',
    },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Reference',
    access: 'public',
    summary: 'This reference as OpenAPI 3.1',
    description: 'Generated at start-up from the zod schemas the API validates with.',
    responses: { 200: { description: 'The OpenAPI document.', schema: ZOpenApiDocument } },
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'Reference',
    access: 'public',
    summary: 'This reference as a web page',
    responses: { 200: { description: 'An HTML page.', schema: z.string(), type: 'html' } },
  },
  {
    method: 'get',
    path: '/api/docs/style.css',
    tag: 'Reference',
    access: 'public',
    summary: "The reference page's stylesheet",
    responses: { 200: { description: 'CSS.', schema: z.string(), type: 'css' } },
  },
  {
    method: 'get',
    path: '/api/config',
    tag: 'Session',
    access: 'public',
    summary: 'Public runtime config',
    description:
      'What the browser needs before sign-in: identity mode and Clerk publishable key, maintenance flag, ' +
      'whether a site password is required, price source and payment mode.',
    responses: { 200: { description: 'The config.', schema: ZPublicConfig } },
  },
  {
    method: 'post',
    path: '/api/check-password',
    tag: 'Session',
    access: 'public',
    summary: 'Check the site password',
    body: { schema: ZCheckPassword, required: true, limit: formatBodyLimit(BODY_LIMITS.auth) },
    rateLimit: '10 wrong passwords per address per 15 minutes',
    responses: {
      200: { description: 'The password is right (or none is set).', schema: ZCheckPasswordResult },
      403: "Wrong password ('Invalid password').",
    },
  },
  {
    method: 'post',
    path: '/api/auth/local/sign-up',
    tag: 'Session',
    access: 'public',
    summary: 'Start a local account',
    description:
      'Local accounts only (no Clerk keys configured). Answers the same, with no session, whether the e-mail is ' +
      'new or has an account, after one password hash either way. A new e-mail is sent a link (valid 24 h) to ' +
      '`{PUBLIC_URL}/confirm-email?code=...`; opening it (POST /api/auth/local/confirm-email) makes the account. ' +
      'An e-mail that has an account is sent a note that someone tried to sign up, with a sign-in link.',
    body: { schema: ZLocalSignUp, required: true, limit: formatBodyLimit(BODY_LIMITS.auth) },
    rateLimit:
      '50 sign-ups per address per hour; an e-mail address is sent at most 3 codes or links an hour and 10 a day',
    responses: {
      202: {
        description: 'The e-mail is on its way (a link, or a note to the owner).',
        schema: ZSignUpAccepted,
      },
      403: 'Maintenance mode is on, or the server uses Clerk for sign-in.',
      503: 'Too many sign-ins and sign-ups are hashing passwords at once (Retry-After).',
    },
  },
  {
    method: 'post',
    path: '/api/auth/local/confirm-email',
    tag: 'Session',
    access: 'public',
    summary: 'Open the sign-up link',
    description:
      "With the `code` of the link e-mailed at sign-up: makes the account, its e-mail confirmed, and signs in. A link works once; opening one drops the e-mail's other links.",
    body: { schema: ZConfirmSignUp, required: true, limit: formatBodyLimit(BODY_LIMITS.auth) },
    rateLimit: '30 per address per 15 minutes',
    responses: {
      201: { description: 'Account created, signed in.', schema: ZAuthResult },
      400: "The link is unknown, used or expired ('This confirmation link is no longer valid...').",
      403: 'Maintenance mode is on, or the server uses Clerk for sign-in.',
      409: 'The e-mail got an account meanwhile (another of its links was opened): sign in.',
    },
  },
  {
    method: 'post',
    path: '/api/auth/local/sign-in',
    tag: 'Session',
    access: 'public',
    summary: 'Sign in to a local account',
    body: { schema: ZLocalSignIn, required: true, limit: formatBodyLimit(BODY_LIMITS.auth) },
    rateLimit:
      '10 failed sign-ins per address and e-mail and 30 per address per 15 minutes (a refusal for a full ' +
      'hashing queue counts as a failure); attempts on an account under attack from an address with failures ' +
      'wait their turn, one per 2 s',
    responses: {
      200: { description: 'Signed in.', schema: ZAuthResult },
      401: 'Incorrect e-mail or password.',
      503: 'Too many sign-ins and sign-ups are hashing passwords at once (Retry-After).',
      403: 'Maintenance mode is on, or the server uses Clerk for sign-in.',
    },
  },
  {
    method: 'post',
    path: '/api/users/ensure',
    tag: 'Users',
    access: 'user',
    summary: "Ensure the token's user exists",
    description: 'Creates the user on first sight and fills e-mail and first name the profile lacks.',
    body: { schema: ZEnsureUser, required: false, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: {
      200: { description: 'The user.', schema: ZUserEnvelope },
      403: 'clerkId names another user than the token.',
    },
  },
  {
    method: 'get',
    path: '/api/users/me',
    tag: 'Users',
    access: 'user',
    summary: 'The signed-in user',
    responses: { 200: { description: 'The user.', schema: ZUserEnvelope } },
  },
  {
    method: 'get',
    path: '/api/users/me/export',
    tag: 'Users',
    access: 'user',
    summary: "Download the account's data",
    description:
      'A ZIP download (Content-Disposition: attachment) of everything kept about the account: README.txt ' +
      'and manifest.json (what each file holds), profile.json (e-mail, name, phone, plan), settings.json ' +
      '(display currency, cost method, contact details and when each was confirmed, open alert channels), ' +
      'holdings.csv (the columns the holdings import reads), transactions.csv, alerts.json, ' +
      'alert-history.json (each firing with its deliveries), alert-destinations.json (the webhooks, browsers, ' +
      'Discord and Slack channels, without their secrets) and invoices.json. Never a password hash, ' +
      'token or verification code.',
    rateLimit: '10 downloads per user per hour',
    responses: {
      200: {
        description: 'The ZIP archive.',
        schema: z.string(),
        type: 'zip',
        headers: { 'Content-Disposition': 'attachment; filename="coinpace-account-YYYY-MM-DD.zip"' },
      },
    },
  },
  {
    method: 'patch',
    path: '/api/users/me',
    tag: 'Users',
    access: 'user',
    summary: 'Change contact info',
    description: 'First name, e-mail and phone (E.164; alerts by SMS need one).',
    body: { schema: ZUpdateMe, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    responses: { 200: { description: 'The user as changed.', schema: ZUserEnvelope } },
  },
  {
    method: 'post',
    path: '/api/users/me/verification',
    tag: 'Users',
    access: 'user',
    summary: 'Send a confirmation of the alert e-mail or phone',
    description:
      'E-mail: a link holding a random token, valid 24 h. SMS: a 6-digit code, valid 10 min, 5 tries. A new one at most every 60 s. Alerts go only to confirmed destinations.',
    body: { schema: ZRequestVerification, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    rateLimit:
      '10 requests per user per hour, and one per channel per 60 s; a destination gets at most 3 codes an hour and 10 a day whoever asks; VERIFICATION_CODES_PER_HOUR for all users',
    responses: {
      202: { description: 'The link or code is on its way.', schema: ZVerificationSent },
      400: 'SMS: the number is not a mobile number of a country on SMS_COUNTRIES (premium-rate, shared-cost and satellite numbers never are).',
      403: 'SMS: the plan in force has no SMS alerts.',
      409: 'The destination is already verified.',
    },
  },
  {
    method: 'get',
    path: '/api/users/me/verification',
    tag: 'Users',
    access: 'user',
    summary: 'Confirmations still pending',
    description:
      "The links and codes sent that can still be used: for the profile's current e-mail or phone, not yet confirmed, not expired, with tries left. Each says until when it holds (`expiresAt`) and when another may be sent (`resendAfter`).",
    responses: {
      200: { description: 'The pending confirmations, per channel.', schema: ZPendingVerifications },
    },
  },
  {
    method: 'post',
    path: '/api/users/me/verification/confirm',
    tag: 'Users',
    access: 'user',
    summary: 'Confirm the alert e-mail or phone',
    description:
      "With the SMS code or the token from the e-mailed link; the destination must still be the profile's.",
    body: { schema: ZConfirmVerification, required: true, limit: formatBodyLimit(BODY_LIMITS.standard) },
    rateLimit: '30 requests per user per 10 minutes',
    responses: { 200: { description: 'The user, now verified.', schema: ZUserEnvelope } },
  },
  {
    method: 'get',
    path: '/api/beta-signup/count',
    tag: 'Visitors',
    access: 'public',
    summary: 'Beta waitlist spots',
    responses: { 200: { description: 'Taken and remaining spots.', schema: ZBetaSignupCount } },
  },
  {
    method: 'post',
    path: '/api/beta-signup',
    tag: 'Visitors',
    access: 'public',
    summary: 'Join the beta waitlist',
    body: { schema: ZBetaSignup, required: true, limit: formatBodyLimit(BODY_LIMITS.auth) },
    rateLimit: '20 valid requests per address per hour',
    responses: {
      201: { description: 'On the list.', schema: ZBetaSignupCount },
      409: "'Beta signup is full', or the e-mail address is already on the list.",
    },
  },
  {
    method: 'post',
    path: '/api/contact',
    tag: 'Visitors',
    access: 'public',
    summary: 'Send a contact message',
    description: 'Stored and queued as an e-mail to SUPPORT_EMAIL in one transaction.',
    body: { schema: ZContactMessage, required: true, limit: formatBodyLimit(BODY_LIMITS.contact) },
    rateLimit: '5 messages per address per 10 minutes',
    responses: { 201: { description: 'Queued.', schema: ZSuccess } },
  },
];
