export * from './messages.js';
export * from './auth.js';
export * from './password-strength.js';
export * from './email-misspelling.js';
export * from './timing.js';
export * from './format.js';
export * from './car-code/index.js';
export * from './cars.js';
