export * from './constants.js';
export * from './enums.js';
export * from './errors.js';
export * from './envelope.js';
export * from './validators.js';
export * from './auth/auth.schema.js';
export * from './user/user.schema.js';
export * from './content/content.schema.js';
