/** The policy texts, one chunk loaded when a policy modal opens (LegalModals). */
export { PrivacyPolicy } from './PrivacyPolicy.tsx';
export { TermsOfService } from './TermsOfService.tsx';
