export * from './payments/testing/fake-stripe.ts';
