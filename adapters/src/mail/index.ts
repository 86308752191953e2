export * from './port.ts';
export { createMailer, type CreateMailerOptions } from './create-mailer.ts';
export { createSmtpMailer, type SmtpMailerOptions } from './smtp-mailer.ts';
export { createLogMailer, type LogMailerOptions } from './log-mailer.ts';
