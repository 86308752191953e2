export * from './port.ts';
export { createSmsSender, type CreateSmsSenderOptions } from './create-sms-sender.ts';
export { createTwilioSmsSender, type TwilioSmsSenderOptions } from './twilio-sms-sender.ts';
export { createLogSmsSender, type LogSmsSenderOptions } from './log-sms-sender.ts';
